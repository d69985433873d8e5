"""English messages shared by every game; each game's own are in its package's `words`."""

MESSAGES: dict[str, str] = {
    # --- analysis ---
    "analysis.hint": "Best move: {move} ({meaning})",
    "analysis.no_move": "There is no move to suggest: the game is over.",
    "analysis.draw": "a draw with best play",
    "analysis.even": "about even",
    "analysis.wins_by": "{side} wins by {discs} with best play",
    "analysis.ahead_by": "{side} is ahead by about {discs:.1f} discs (an estimate)",
    "analysis.move_line": "  {move:>6}  {meaning}",
    "analysis.bad_position": "That is not a position of this game: {why}",
    "analysis.solved": "{meaning}; best move {move} (solved in {seconds:.2f} s)",
    "cli.thinking": "The computer is thinking",
    # --- front door and Othello menu ---
    "menu.title": "damero: classic two-player board games",
    "menu.game": "{number}- {title}: {summary}",
    "menu.language": "{number}- Español (cambiar de idioma)",
    "menu.quit": "{number}- Quit",
    "menu.choose": "Choose an option: ",
    "menu.unknown": "'{choice}' is not an option: type one of the numbers shown.",
    "menu.help": "Type the number of a game to play it, or of the language or quit options.",
    "record.missing": "There is no file called {path}.",
    "record.unknown_game": "line {line}: a record of '{name}', which damero does not know",
    "record.unknown_format": "line {line}: neither an Othello game file nor a damero record",
    # --- shared terminal front end ---
    "cli.commands": (
        "At any prompt: ? shows the rules and these commands, u takes back the last\n"
        "move, h suggests a move, q leaves the game."
    ),
    "cli.empty_answer": "Please type a move, or ? for help.",
    "cli.left_game": "Game left.",
    "cli.end_of_input": "End of input: the program stops here.",
    "cli.interrupted": "Interrupted: the program stops here.",
    "game.nothing_to_take_back": "There is no move to take back.",
    "cli.taken_back": "Move {move} taken back.",
    "cli.no_hint": "No hint is available here.",
    "cli.computer_moved": "The computer ({side}) plays {move}.",
    # --- replay viewer ---
    "replay.prompt": "a (forward), r (back), s (leave), j (play on from here): ",
    "replay.keys": "Replay keys: a forward, r back, s leave, j play on from the shown position.",
    "replay.position": "Position {number} of {total}",
    "replay.last_move": "Last move: {move}",
    "replay.at_end": "This is the last position.",
    "replay.at_start": "This is the first position.",
    "replay.unknown_key": "'{key}' is not a replay key: use a, r, s or j.",
    # --- records ---
    "record.error": "Cannot read {path}: {reason}",
    "record.empty": "line {line}: the file is empty",
    "record.not_damero": "line {line}: this is not a damero game record",
    "record.cut_off": "line {line}: the file is cut off in the middle of the line '{text}'",
    "record.wrong_game": "line {line}: this record is a game of {found}, not of {wanted}",
    "record.bad_move": "line {line}: '{text}' cannot be played here: {reason}",
    "record.bad_option": "line {line}: '{text}' is not a {name} this game has",
    "record.bad_start": "line {line}: the starting position is refused: {reason}",
    "record.start_mismatch": "line {line}: the starting position is not one of this board",
    "record.cannot_open": "{why}",
    "record.exists": "{path} already exists; choose a new file name so nothing is overwritten.",
    "record.no_folder": "The folder for {path} does not exist.",
    "record.ask_new_file": "File to save the game into (empty: do not save): ",
    # --- files that cannot be written or named ---
    "record.write_failed": "Could not write to {path}: {why}. The file is kept as it was before this move.",
    "record.create_failed": "Could not start {path}: {why}. No file is left under that name.",
    "record.cannot_create": "Cannot start a game file at {path}: {why}.",
    "record.no_files_here": "the system allows no new files in that folder",
    "record.playing_unsaved": "The game goes on without being saved.",
    "record.already_exists": "there is already a file of that name",
    "record.name_has_nul": "a file name cannot hold a NUL character",
    "record.not_a_regular_file": "it is not an ordinary file",
    "record.line_too_long": "line {line}: longer than {limit} characters, more than any line of a game file",
    "record.too_big": "line {line}: the file goes on past {limit} characters, more than any game file holds",
    "record.not_the_start": "line {line}: board JUGADA 1 is not the starting board of a game",
    "cli.system_error": "The system refused: {why}.",
    # --- solvers ---
    "solve.catmouse_legal": "Legal positions: {count}",
    "solve.catmouse_reachable": "Positions reachable after the placement: {count}",
    "solve.catmouse_start_mouse_wins": (
        "With best play from the start, the mouse wins in {plies} moves."
    ),
    "solve.catmouse_start_cats_win": (
        "With best play from the start, the four cats win in {plies} moves."
    ),
    "solve.catmouse_placement_mouse_wins": (
        "Mouse placed on {square}: the mouse wins in {plies} more moves."
    ),
    "solve.catmouse_placement_cats_win": (
        "Mouse placed on {square}: the four cats win in {plies} more moves."
    ),
    # --- Othello's game files (the games' own words are in damero.games.*.words) ---
    "record.not_othello": (
        "line {line}: this is not an Othello game file (it should start with '{expected}')"
    ),
    "record.bad_header": "line {line}: expected '{expected}', found '{text}'",
    "record.truncated_header": "line {line}: the file ends before the board size",
    "record.bad_size": "line {line}: '{text}' is not a board size (4, 6, 8 or 10)",
    "record.bad_jugada": "line {line}: expected 'JUGADA {number}:', found '{text}'",
    "record.bad_board_row": (
        "line {line}: a board row is {size} characters among X, O and '.', not '{text}'"
    ),
    "record.truncated": (
        "line {line}: the file ends in the middle of board JUGADA {number} ({rows} of {size} rows)"
    ),
    "record.no_boards": "line {line}: the file has a header but no board",
    "record.not_a_move": (
        "line {line}: board JUGADA {number} does not follow from the one before by a legal move"
    ),
    "record.not_a_pass": "line {line}: board JUGADA {number} repeats the one before, but {side} could place a disc, so it is not a pass",
    "record.showing_complete": "Showing the game up to the last complete entry before that.",
    "record.ask_repair": "Cut off the incomplete entry and go on from the one before? (y/n): ",
    "record.repaired": "{path} repaired: it now ends with its last complete entry.",
    "cli.play_again": "Play again? (y/n): ",
    "replay.game_over": "The game is over here: go back with r to play on from an earlier position.",
    "record.no_such_file": "there is no such file",
    "record.permission_denied": "permission denied",
    "record.is_a_folder": "it is a folder, not a file",
    "record.not_a_folder": "a part of the path is not a folder",
    "record.name_too_long": "the name is too long",
    "record.too_many_links": "too many symbolic links",
    "record.disk_full": "the disk is full",
    "record.file_too_large": "the file is too large",
    "record.read_only": "the disk is read-only",
    "record.os_error": "{text}",
    # --- the browser and the server ---
    "web.unknown_game": "There is no game called '{name}'.",
    "web.bad_options": "Those are not options of {game}.",
    "web.bad_mode": "Choose one screen, the computer or a friend.",
    "web.bad_seat": "Choose a side and a level from 1 to 5.",
    "web.bad_move_list": "Move {number} of the list is not a move's text.",
    "web.bad_move_in_list": "Move {number} of the list is refused: {reason}",
    "web.unknown_id": "There is no game '{id}' here.",
    "web.spectator_move": "You are watching this game: only its players can move.",
    "web.wrong_token": "This link's seat is not one of this game's: you are watching.",
    "web.not_your_turn": "It is not your turn: {side} is to move.",
    "web.moved_on": "The game moved on before your move arrived; it was not played.",
    "game.not_over": "The game is not over yet.",
    "game.no_offer": "There is no such offer to answer.",
    "game.already_offered": "You have offered that already; the other player has not answered yet.",
    "game.time_up": "Your time had run out: the game is lost on time.",
    "web.seat_taken": "That seat is taken: nobody can join this game any more.",
    "web.bad_clock": "A clock needs whole seconds: initial from 1 to 10800, increment from 0 to 180.",
    "web.bad_word": "{name} must be one of: {allowed}.",
    "web.cannot_claim": "You can claim the game only when the other player has been gone long enough.",
    "game.over": "The game is over.",
    "web.cannot_undo": "There is no move of yours to take back here.",
    "web.no_hint": "There is no move to suggest here.",
    "web.flood": "Too many messages at once: wait a moment and try again.",
    "web.too_long": "That message is too long (more than {limit} characters).",
    "web.too_large": "That file is too large (more than {limit} KB).",
    "web.bad_json": "That message is not JSON.",
    "web.bad_message": "That message is not one this game understands.",
    "web.bad_field": "The field '{name}' is missing or of the wrong kind.",
    "web.too_deep": "That message nests more than {limit} levels deep.",
    "web.busy": "The server is thinking of too many hints just now: ask again in a moment.",
    "web.hint_pending": "A hint is on its way: wait for it before asking another.",
    "web.too_many_games": "Too many new games from your address: wait {seconds} s and try again.",
    "web.too_many_hints": "Too many hints asked from your address: wait {seconds} s and try again.",
    "web.not_saved": "Your move was not saved: {why}. The game is as it was; try again in a moment.",
    "web.database_fault": "The games could not be read or stored: {why}. Try again in a moment.",
    "web.db_full": "the database's disk is full",
    "web.db_unwritable": "the database file cannot be written",
    "web.db_damaged": "the database file is damaged",
    "web.db_busy": "the database is busy",
    "web.db_unreachable": "the database cannot be reached",
    "web.db_failed": "the database refused it",
    "page.title": "damero",
    "page.tagline": "Classic two-player board games",
    "page.new_game": "New game",
    "page.size": "Board size",
    "page.mode": "Opponent",
    "page.mode_local": "Two people on this screen",
    "page.mode_computer": "The computer",
    "page.mode_friend": "A friend, by link",
    "page.seat": "You play",
    "page.level": "Computer level (1-5)",
    "page.create": "Start",
    "page.open_games": "Games being played",
    "page.none_open": "No game is being played right now.",
    "page.watch": "Watch",
    "page.moves": "Moves",
    "page.undo": "Undo",
    "page.hint": "Hint",
    "page.download": "Download the game",
    "page.replay": "Replay",
    "page.upload": "Replay a game file",
    "page.play_on": "Play on from here",
    "page.first": "Start",
    "page.back": "Back",
    "page.forward": "Forward",
    "page.last": "End",
    "page.link_other": "Send this link to your opponent:",
    "page.link_watch": "Link for spectators:",
    "page.thinking": "The computer is thinking...",
    "page.spectator": "You are watching.",
    "page.you_play": "You play: {sides}",
    "page.numbers": "Show square numbers",
    "page.type_move": "Type a move",
    "page.send": "Play",
    "page.to_move": "To move: {side}",
    "page.home": "All games",
    "page.reconnecting": "Connection lost; reconnecting...",
    "page.replaying": "Replay: position {shown} of {total}",
    "web.serving": "damero is serving at {url} (games kept in {db}); Ctrl-C stops it.",
    "web.no_database": "Cannot use the database {url}: {why}",
    "web.memory_database": "The database {url} would live in memory only, a different one for each connection and lost when the server stops: name a file (sqlite:///PATH) or a PostgreSQL database.",
    "web.bad_port": "The port {port} is not one a server can listen on: choose one from 1 to 65535.",
    "web.cannot_listen": "Cannot listen on {host}, port {port}: {why}",
    "web.address_in_use": "another program listens on that port already",
    "web.unknown_host": "no such address is known",
    "analysis.in_one_move": "in one move",
    "analysis.in_moves": "in {count} moves: {winner_moves} by {winner}, {loser_moves} by {loser}",
    "cli.progress": "{seconds:.0f} s: {report}",
    # --- the command line's help ---
    "help.usage": "usage: ",
    "help.positionals": "positional arguments",
    "help.options": "options",
    "help.help": "show this help and leave",
    "help.damero": (
        "Classic two-player board games at the terminal. Without a GAME, a menu offers the "
        "games and the language."
    ),
    "help.game": "{title}: {summary}",
    "help.game_metavar": "GAME",
    "help.action_metavar": "ACTION",
    "help.file_metavar": "FILE",
    "help.seed_metavar": "SEED",
    "help.seconds_metavar": "SECONDS",
    "help.position_metavar": "POSITION",
    "help.replay": "replay a game file of any game, recognising its game",
    "help.replay_file": "the game file",
    "help.serve": "play in the browser: start the server; games are kept in a database",
    "help.host": "address to listen on (default 127.0.0.1)",
    "help.port": "port to listen on (default 8000)",
    "help.db": (
        "sqlite:///PATH or postgresql://USER@HOST/DB (default: a SQLite file in the user's "
        "data folder)"
    ),
    "help.computer_timeout": (
        "with several servers on one database: how long a computer's turn taken by a server "
        "that stopped waits before another server plays it (default 30)"
    ),
    "help.play": "play at once, without a menu",
    "help.analyse": "print who wins a position and each move's value",
    "help.position": "the position, as in: {example}",
    "help.json": "print JSON for other programs",
    "help.thinking_time": "thinking time (default {seconds:g})",
    "help.lang": "language of every message (default: from LC_ALL, LC_MESSAGES or LANG; else en)",
    "help.plain": "no colour, no redrawing in place, Enter after every key (also: NO_COLOR set)",
    "help.side": "who plays {side} (default: human)",
    "help.level": (
        "the computer's strength, 1 (beginner) to 5 (the strongest the game allows); default 3"
    ),
    "help.seed": "seed for the computer's choices between equal moves",
    "help.delay": (
        "pause after each computer move, up to an hour (default: a second when only computers "
        "play at a terminal)"
    ),
    "help.option_asked": "{what} (default: the menu asks; {usual} with --save)",
    "help.option": "{what} (default {usual})",
    "help.save": "write the game to FILE as it goes",
    "help.replay_option": "replay a saved game: a forward, r back, s leave, j play on",
    "help.bad_seconds": "'{text}' is not a number of seconds, 0 or more",
    "help.bad_delay": "'{text}' is not a pause in seconds from 0 to {most:g}",
    # --- words added for the same faults, found the same way ---
    "record.in_use": "another game is being played into it",
    "record.cannot_append": "Cannot continue {path}: {why}.",
    "record.cut_back_failed": (
        "Could not take the move back in {path}: {why}. The file still holds it."
    ),
    "record.moved": "it was moved, removed or replaced during the game",
    "record.changed": "another program wrote to it during the game",
    "record.after_the_end": (
        "line {line}: board JUGADA {number} comes after the game ended with both players passing"
    ),
    "record.file_help": ("Type a file name; an empty line or q leaves without choosing one."),
    "cli.not_here": "'{key}' does nothing here: type a file name, or ? for help.",
    "menu.type_a_number": "Type one of the numbers shown.",
    "analysis.review_heading": "{title}: {count} moves, each with what best play gives after it",
    "analysis.review_heading_one": "{title}: one move, with what best play gives after it",
    "analysis.review_no_moves": "{title}: the game has no moves to review.",
    "analysis.review_move": "{number:>3}. {side:<9} {move:<6} {meaning}",
    "analysis.review_forced": "made by the rules, not judged",
    "analysis.review_mistake": "A mistake: before it, {before}; best was {best}",
    "analysis.review_no_mistakes": "No mistakes.",
    "analysis.review_one_mistake": "One mistake: move {number}.",
    "analysis.review_mistakes": "{count} mistakes: moves {numbers}.",
    "analysis.review_progress": "position {done} of {count}",
    "help.review": "print a game file's moves, each with its value, and mark the mistakes",
    "help.review_seconds": (
        "the most time spent on each position (default {seconds:g}); an Othello endgame that "
        "takes longer is estimated"
    ),
    "web.analysis_in_play": (
        "A game between two people is not analysed while it is being played: ask again once it "
        "is over."
    ),
    "web.analysis_busy": "The server is analysing too many positions just now: ask again in a moment.",
    "web.too_many_analyses": (
        "Too many analyses asked from your address: wait {seconds} s and try again."
    ),
    "web.options_disagree": "That position has {what} {found}, not {given}.",
}
