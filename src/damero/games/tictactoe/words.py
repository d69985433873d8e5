"""Tic-tac-toe's words, in English and Spanish, kept with the game so that a game brings its own words."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "tictactoe.x_wins_in": "X wins {moves}",
        "tictactoe.o_wins_in": "O wins {moves}",
        "tictactoe.bad_board": "'{text}' is not a board: give nine cells, each X, O or -.",
        "tictactoe.impossible_counts": (
            "X moves first, so X has as many marks as O or one more; here X has {x} and O {o}."
        ),
        "tictactoe.played_after_line": (
            "{player} already has three in a row, so the game ended before the last mark."
        ),
        "tictactoe.wrong_side_to_move": (
            "with these marks it is {player}'s turn: X moves first, then each plays in turn."
        ),
        "tictactoe.rules": (
            "Tic-tac-toe. X moves first; players take turns marking a free cell, numbered 1\n"
            "to 9 row by row. Three marks in a row, a column or a diagonal win; a full\n"
            "board without one is a draw."
        ),
        "tictactoe.typing": "Type the number of a free cell.",
        "tictactoe.title": "Tic-tac-toe",
        "tictactoe.summary": "three in a row on a 3x3 board",
        "tictactoe.x": "X",
        "tictactoe.o": "O",
        "tictactoe.prompt": "Player {player}, type the number of the cell where you want to play: ",
        "tictactoe.so_far": "The board so far:",
        "tictactoe.marks": "{board}",
        "tictactoe.select": "Select a position on the board:",
        "tictactoe.taken_shown": "Cells marked X or O are already taken",
        "tictactoe.congratulations": "Congratulations, player {player}",
        "tictactoe.you_won": "You have won the game",
        "tictactoe.line": "Three in a row",
        "tictactoe.draw": "The game ends in a draw",
        "tictactoe.not_a_number": "'{text}' is not a number: type a cell number from 1 to 9",
        "tictactoe.not_a_cell": "There is no cell {text}: cells are numbered 1 to 9",
        "tictactoe.cell_taken": "Cell {cell} is already taken by {mark}: choose a free cell",
        "tictactoe.game_over": "The game is over: no more moves can be played",
        "tictactoe.computer_won": "The computer ({player}) has won the game",
        "tictactoe.ending_line": "Three in a row.",
        "tictactoe.ending_full": "The board is full without three in a row.",
    },
    "es": {
        "tictactoe.x_wins_in": "gana X {moves}",
        "tictactoe.o_wins_in": "gana O {moves}",
        "tictactoe.bad_board": "'{text}' no es un tablero: da nueve casillas, cada una X, O o -.",
        "tictactoe.impossible_counts": (
            "X empieza, así que X tiene tantas marcas como O o una más; aquí X tiene {x} y O {o}."
        ),
        "tictactoe.played_after_line": (
            "{player} ya tiene tres en raya, así que la partida terminó antes de la última marca."
        ),
        "tictactoe.wrong_side_to_move": (
            "con estas marcas le toca a {player}: X empieza y luego se juega por turnos."
        ),
        "tictactoe.rules": (
            "El Gato (tres en raya). Empieza X; por turnos, cada jugador marca una casilla\n"
            "libre, numeradas del 1 al 9 por filas. Tres marcas en una fila, columna o\n"
            "diagonal ganan; si se llena el tablero sin ninguna, es empate."
        ),
        "tictactoe.typing": "Escriba el número de una casilla libre.",
        "tictactoe.title": "El Gato (tres en raya)",
        "tictactoe.summary": "tres en raya en un tablero de 3x3",
        "tictactoe.x": "X",
        "tictactoe.o": "O",
        "tictactoe.prompt": "Jugador {player}. Escriba el número de casilla en donde desea tirar: ",
        "tictactoe.so_far": "El gato hasta el momento:",
        "tictactoe.marks": "{board}",
        "tictactoe.select": "Selecciona una posición en el tablero:",
        "tictactoe.taken_shown": "Las casillas marcadas con X u O ya están ocupadas",
        "tictactoe.congratulations": "Felicidades jugador {player}",
        "tictactoe.you_won": "Has ganado el juego",
        "tictactoe.line": "Tres en línea",
        "tictactoe.draw": "El juego termina en empate",
        "tictactoe.not_a_number": "'{text}' no es un número: escriba una casilla del 1 al 9",
        "tictactoe.not_a_cell": "Casilla no válida: no existe la casilla {text}, van del 1 al 9",
        "tictactoe.cell_taken": (
            "Casilla no válida, la casilla {cell} ya está ocupada con {mark}; "
            "escriba una posición válida"
        ),
        "tictactoe.game_over": "El juego ya terminó: no se puede tirar más",
        "tictactoe.computer_won": "El ordenador ({player}) ha ganado el juego",
        "tictactoe.ending_line": "Tres en línea.",
        "tictactoe.ending_full": "El tablero está lleno sin tres en línea.",
    },
}
