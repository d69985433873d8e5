"""English messages."""

MESSAGES: dict[str, str] = {
    # --- shared terminal front end ---
    "cli.commands": (
        "At any prompt: ? shows the rules and these commands, u takes back the last move,\n"
        "h suggests a move, q leaves the game."
    ),
    "cli.empty_answer": "Please type a move, or ? for help.",
    "cli.left_game": "Game left.",
    "cli.end_of_input": "End of input: the program stops here.",
    "cli.interrupted": "Interrupted: the program stops here.",
    "cli.nothing_to_take_back": "There is no move to take back.",
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
    "record.cannot_open": "cannot open {path}: {why}",
    "record.exists": "{path} already exists; choose a new file name so nothing is overwritten.",
    "record.no_folder": "The folder for {path} does not exist.",
    "record.ask_new_file": "File to save the game into (empty: do not save): ",
    # --- Four Cats and the Mouse ---
    "catmouse.mouse": "the mouse",
    "catmouse.cats": "the cats",
    "catmouse.prompt_start": "Starting square of the mouse: 29 , 30 , 31 or 32 . ",
    "catmouse.prompt_mouse": "New square of the mouse: ",
    "catmouse.prompt_cats": "Cat to move and its new square (for example 20 24): ",
    "catmouse.turn_mouse": "The mouse to move.",
    "catmouse.turn_cats": "The cats to move.",
    "catmouse.mouse_wins": "The mouse wins!",
    "catmouse.cats_win": "The four cats win!",
    "catmouse.mouse_escaped": "The mouse has reached the cats' starting row.",
    "catmouse.mouse_trapped": "The mouse cannot move: it is trapped.",
    "catmouse.cats_stuck": "The cats cannot move: the mouse has slipped past them.",
    "catmouse.not_a_number": "Wrong move... '{text}' is not a number.",
    "catmouse.off_board": "Wrong move... {square} is not a square: squares are 1 to 32.",
    "catmouse.mouse_gives_one": (
        "Wrong move... the mouse gives one square, its new square ('{text}' is not one number)."
    ),
    "catmouse.cats_give_two": (
        "Wrong move... the cats give two squares: the cat and its new square, for example 20 24."
    ),
    "catmouse.mouse_start": "Wrong move... the mouse starts on 29, 30, 31 or 32, not on {square}.",
    "catmouse.not_neighbour": (
        "Wrong move... {target} is not diagonally next to {origin}."
    ),
    "catmouse.occupied_by_cat": "Square {square} is taken by a cat.",
    "catmouse.occupied_by_mouse": "Square {square} is taken by the mouse.",
    "catmouse.cats_cannot_go_back": (
        "Wrong move... cats cannot go back: {origin} to {target} leaves towards row 1."
    ),
    "catmouse.no_cat_there": "Wrong move... there is no cat on {square}.",
    "catmouse.game_over": "The game is over.",
    "catmouse.rules": (
        "Four Cats and the Mouse. Everyone moves one square diagonally on the numbered squares\n"
        "1 to 32 (the left grid). The cats start on 1, 2, 3, 4 and only move forward, towards\n"
        "29..32; one cat moves per turn. The mouse starts on 29, 30, 31 or 32, moves first, and\n"
        "may go forward or back. Nobody moves onto a taken square and nothing is captured.\n"
        "The mouse wins when it reaches 1..4, or when the cats cannot move; the cats win when\n"
        "the mouse cannot move. The mouse types its new square (26); the cats type the cat and\n"
        "its new square (20 24, 20,24 or 20-24)."
    ),
    # Tic-tac-toe
    "tictactoe.x": "X",
    "tictactoe.o": "O",
    "tictactoe.prompt": "Player {player}, type the number of the cell where you want to play: ",
    "tictactoe.turn": "Player {player} to move",
    "tictactoe.taken_shown": "Cells marked X or O are already taken",
    "tictactoe.congratulations": "Congratulations, player {player}",
    "tictactoe.you_won": "You have won the game",
    "tictactoe.line": "Three in a row",
    "tictactoe.draw": "The game ends in a draw",
    "tictactoe.not_a_number": "'{text}' is not a number: type a cell number from 1 to 9",
    "tictactoe.not_a_cell": "There is no cell {text}: cells are numbered 1 to 9",
    "tictactoe.cell_taken": "Cell {cell} is already taken by {mark}: choose a free cell",
    "tictactoe.game_over": "The game is over: no more moves can be played",
}
