"""Othello's words, in English and Spanish, kept with the game so that a game brings its own words."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "othello.black_x": "Black (X)",
        "othello.white_o": "White (O)",
        "othello.x_wins_in": "X wins {moves}",
        "othello.o_wins_in": "O wins {moves}",
        "othello.bad_position_text": (
            "'{text}' is not a position: give the board row by row, then the side to move, X or O."
        ),
        "othello.bad_board_length": (
            "the board needs one of X, O or - per square, row by row (16, 36, 64 or 100 of them; "
            "{length} given), then the side to move, X or O."
        ),
        "othello.bad_board_letter": "'{letter}' is not a square: use X, O or - (empty).",
        "othello.empty_centre": (
            "the four centre squares hold discs from the start to the end of every game."
        ),
        "othello.rules": (
            "Othello. X moves first. Place a disc so that it closes one or more lines of\n"
            "your opponent's discs (in a row, a column or a diagonal) between it and one of\n"
            "yours: those discs turn to your colour. Only the disc just placed turns discs\n"
            "over: a disc turned over turns none in its turn. A player who cannot place\n"
            "passes, automatically. The game ends when neither can place; most discs wins."
        ),
        "othello.typing": (
            "Type the row and the column (fila columna): 3 4, 3,4 or 3-4; or the column's\n"
            "letter and the row, as in d3; -1 -1 leaves the game."
        ),
        "othello.title": "Othello",
        "othello.summary": "flip discs on boards from 4x4 to 10x10, with game files",
        "othello.menu_choice": "Choose an option: ",
        "othello.menu_unknown": "'{choice}' is not an option: type 1, 2, 3 or 4.",
        "othello.perft": (
            "perft({depth}) on {size}x{size}: {leaves} leaves in {seconds:.3f} s ({rate:,.0f} per second)"
        ),
        "othello.x": "X",
        "othello.o": "O",
        "othello.menu_play": "1- Play Othello",
        "othello.menu_load": "2- Load a game from a file",
        "othello.menu_quit": "3- Quit",
        "othello.menu_continue": "4- Continue a game from a file",
        "othello.ask_file": "Name of the file to save the game in: ",
        "othello.ask_load_file": "Name of the file with the game: ",
        "othello.ask_size": "Board size (an even number from 4 to 10): ",
        "othello.bad_size": "'{text}' is not a board size: type 4, 6, 8 or 10.",
        "othello.compiling": "Compiling the Othello engine for {boards}: once, a minute or so.",
        "othello.narrow_boards": "boards from 4x4 to 8x8",
        "othello.wide_boards": "10x10 boards",
        "othello.all_boards": "every board size",
        "othello.narrow": "4x4 to 8x8",
        "othello.wide": "10x10",
        "othello.compile_moves": "the moves and their flips ({boards})",
        "othello.compile_search": "the search and its evaluation ({boards})",
        "othello.compile_levels": "the computer's levels ({boards})",
        "othello.compile_endgame": "the exact endgame ({boards})",
        "othello.compiled": "The Othello engine is compiled ({seconds:.0f} s) and kept for next time.",
        "othello.compiled_here": "The Othello engine is compiled ({seconds:.0f} s) for this run.",
        "othello.cannot_keep": (
            "The engine's compiled code cannot be kept in {folder} ({why}): it is compiled "
            "in memory, each time it is first needed."
        ),
        "othello.size_help": (
            "Type the board's size, an even number from 4 to 10 (the usual board is 8);\n"
            "q goes back to the menu."
        ),
        "othello.expect_size": "type the board's size",
        "othello.prompt": "{side}, your move: row column (e.g. 3 4; -1 -1 to leave): ",
        "othello.counts": "X: {x}   O: {o}",
        "othello.turn": "{side} to move.",
        "othello.passes": "{side} cannot place a disc and passes.",
        "othello.wins": "{side} wins, {winner_discs} discs to {loser_discs}!",
        "othello.draw_result": "Draw: {discs} discs each.",
        "othello.ending_won": "{winner_discs} discs to {loser_discs}.",
        "othello.ending_drawn": "{discs} discs each.",
        "othello.more_discs": "more discs on the board",
        "othello.draw": "a draw: both sides have as many discs",
        "othello.not_two_numbers": "'{text}' is not a move: type the row and the column, as in 3 4.",
        "othello.off_board": "{text}: rows and columns go from 1 to {size}.",
        "othello.square_taken": "{move}: that square is already taken.",
        "othello.flips_nothing": "{move}: a disc there would not turn over any disc.",
        "othello.must_pass": "{move}: you cannot place a disc anywhere, so you pass (0 0).",
        "othello.cannot_pass": "{move}: you may pass only when you cannot place a disc.",
        "othello.game_over": "{move}: the game is over.",
        "othello.solving": "solving exactly: {empties} empty squares; the time left cannot be told",
        "othello.searching": "{empties} empty, depth {depth}, best {move}, {nodes:,} positions, {left:.0f} s left",
        "othello.best_so_far": "{meaning}; best move found {move} (depth {depth}, {seconds:.1f} s; not solved to the end)",
        "othello.size_option": "the board size",
        "othello.size_label": "Board size",
        "othello.size_choice": "{value}x{value}",
        "othello.perft_help": (
            "count the leaf positions DEPTH plies from the start (a forced pass is a ply)"
        ),
        "othello.depth_metavar": "DEPTH",
        "othello.solve_help": "solve a position exactly: the score with best play and the best move",
        "othello.board_metavar": "BOARD",
        "othello.solve_board_help": "the board row by row (default: the start)",
        "othello.solve_seconds_help": "stop after this long and give the best move found so far",
        "othello.threads_metavar": "N",
        "othello.threads_help": "search on N threads (default: every core)",
    },
    "es": {
        "othello.black_x": "Negras (X)",
        "othello.white_o": "Blancas (O)",
        "othello.x_wins_in": "gana X {moves}",
        "othello.o_wins_in": "gana O {moves}",
        "othello.bad_position_text": (
            "'{text}' no es una posición: dé el tablero fila a fila y después quién mueve, X u O."
        ),
        "othello.bad_board_length": (
            "el tablero lleva una X, O o - por casilla, fila a fila (16, 36, 64 o 100; se han dado "
            "{length}), y después quién mueve, X u O."
        ),
        "othello.bad_board_letter": "'{letter}' no es una casilla: use X, O o - (vacía).",
        "othello.empty_centre": (
            "las cuatro casillas del centro tienen ficha desde el principio hasta el final."
        ),
        "othello.rules": (
            "Othello. Empiezan las X. Coloque una ficha de modo que encierre una o más\n"
            "líneas de fichas contrarias (en fila, columna o diagonal) entre ella y otra\n"
            "suya: esas fichas se voltean. Sólo la ficha recién colocada voltea fichas: una\n"
            "ficha volteada no voltea otras a su vez. Quien no puede colocar ficha pasa, de\n"
            "forma automática. La partida acaba cuando ninguno puede colocar; gana quien\n"
            "tenga más fichas."
        ),
        "othello.typing": (
            "Escriba fila y columna: 3 4, 3,4 o 3-4; o la letra de la columna y la fila,\n"
            "como d3; -1 -1 abandona la partida."
        ),
        "othello.title": "Othello",
        "othello.summary": "voltee las fichas del rival en tableros de 4x4 a 10x10, con ficheros",
        "othello.menu_choice": "Elija una opción: ",
        "othello.menu_unknown": "'{choice}' no es una opción: escriba 1, 2, 3 o 4.",
        "othello.perft": (
            "perft({depth}) en {size}x{size}: {leaves} hojas en {seconds:.3f} s ({rate:,.0f} por segundo)"
        ),
        "othello.x": "X",
        "othello.o": "O",
        "othello.menu_play": "1- Jugar al Othello",
        "othello.menu_load": "2- Cargar partida de fichero",
        "othello.menu_quit": "3- Salir",
        "othello.menu_continue": "4- Continuar partida de fichero",
        "othello.ask_file": "Nombre del fichero donde guardar la partida: ",
        "othello.ask_load_file": "Nombre del fichero con la partida: ",
        "othello.ask_size": "Tamaño del tablero (número par entre 4 y 10): ",
        "othello.bad_size": "'{text}' no es un tamaño de tablero: escriba 4, 6, 8 o 10.",
        "othello.compiling": (
            "Compilando el motor del Othello para {boards}: una sola vez, un minuto o así."
        ),
        "othello.narrow_boards": "tableros de 4x4 a 8x8",
        "othello.wide_boards": "tableros de 10x10",
        "othello.all_boards": "todos los tamaños de tablero",
        "othello.narrow": "4x4 a 8x8",
        "othello.wide": "10x10",
        "othello.compile_moves": "las jugadas y sus volteos ({boards})",
        "othello.compile_search": "la búsqueda y su evaluación ({boards})",
        "othello.compile_levels": "los niveles del ordenador ({boards})",
        "othello.compile_endgame": "el final exacto ({boards})",
        "othello.compiled": (
            "El motor del Othello está compilado ({seconds:.0f} s) y guardado para la próxima vez."
        ),
        "othello.compiled_here": "El motor del Othello está compilado ({seconds:.0f} s) para esta vez.",
        "othello.cannot_keep": (
            "El código compilado del motor no se puede guardar en {folder} ({why}): se compila "
            "en memoria, cada vez que hace falta por primera vez."
        ),
        "othello.size_help": (
            "Escriba el tamaño del tablero, un número par entre 4 y 10 (el habitual es 8);\n"
            "q vuelve al menú."
        ),
        "othello.expect_size": "escriba el tamaño del tablero",
        "othello.prompt": "Jugador {side}, fila y columna (por ejemplo 3 4; -1 -1 para salir): ",
        "othello.counts": "Número de X: {x}   Número de O: {o}",
        "othello.turn": "Juega {side}.",
        "othello.passes": "{side} no puede colocar ficha y pasa el turno.",
        "othello.wins": "¡Gana {side}, {winner_discs} fichas contra {loser_discs}!",
        "othello.draw_result": "Tablas: {discs} fichas cada uno.",
        "othello.ending_won": "{winner_discs} fichas contra {loser_discs}.",
        "othello.ending_drawn": "{discs} fichas cada uno.",
        "othello.more_discs": "más fichas sobre el tablero",
        "othello.draw": "tablas: los dos tienen las mismas fichas",
        "othello.not_two_numbers": (
            "'{text}' no es una jugada: escriba la fila y la columna, por ejemplo 3 4."
        ),
        "othello.off_board": "{text}: las filas y las columnas van de 1 a {size}.",
        "othello.square_taken": "{move}: esa casilla ya está ocupada.",
        "othello.flips_nothing": "{move}: una ficha ahí no voltea ninguna ficha contraria.",
        "othello.must_pass": "{move}: no puede colocar ficha en ninguna casilla, así que pasa (0 0).",
        "othello.cannot_pass": "{move}: solo se puede pasar cuando no se puede colocar ficha.",
        "othello.game_over": "{move}: la partida ya ha terminado.",
        "othello.solving": "resolviendo de forma exacta: {empties} casillas vacías; no se sabe cuánto falta",
        "othello.searching": "{empties} vacías, prof. {depth}, mejor {move}, {nodes:,} posiciones, quedan {left:.0f} s",
        "othello.best_so_far": "{meaning}; mejor jugada encontrada {move} (profundidad {depth}, {seconds:.1f} s; sin resolver hasta el final)",
        "othello.size_option": "el tamaño del tablero",
        "othello.size_label": "Tamaño del tablero",
        "othello.size_choice": "{value}x{value}",
        "othello.perft_help": (
            "cuenta las posiciones hoja a PROFUNDIDAD jugadas del inicio (un pase forzado es una "
            "jugada)"
        ),
        "othello.depth_metavar": "PROFUNDIDAD",
        "othello.solve_help": (
            "resuelve una posición de forma exacta: el resultado con el mejor juego y la mejor jugada"
        ),
        "othello.board_metavar": "TABLERO",
        "othello.solve_board_help": "el tablero fila a fila (por omisión: el inicial)",
        "othello.solve_seconds_help": (
            "parar tras este tiempo y dar la mejor jugada encontrada hasta entonces"
        ),
        "othello.threads_metavar": "N",
        "othello.threads_help": "buscar con N hilos (por omisión: todos los núcleos)",
    },
}
