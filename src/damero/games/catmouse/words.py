"""Four Cats and the Mouse's words, in English and Spanish, kept with the game so that a game brings its own words."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "catmouse.legend_mouse": "the mouse",
        "catmouse.legend_cat": "a cat",
        "catmouse.mouse_wins_in": "the mouse wins {moves}",
        "catmouse.cats_wins_in": "the cats win {moves}",
        "catmouse.bad_position_text": (
            "'{text}' is not a position: give the mouse's square (- before it is placed), the "
            "four cats' squares and, if the cats are to move, 'cats'."
        ),
        "catmouse.same_square": "two pieces cannot stand on square {square}.",
        "catmouse.cat_count": "there are four cats, not {count}.",
        "catmouse.mouse_count": "there is one mouse, not {count}.",
        "catmouse.light_square": "pieces stand only on the dark, numbered squares.",
        "catmouse.unplaced_mouse": (
            "before the mouse is placed the cats stand on 1, 2, 3 and 4 and the mouse is to move."
        ),
        "catmouse.mouse_escaped_already": (
            "the mouse on {square} has already escaped: the game is over, nobody is to move."
        ),
        "catmouse.cats_unreachable": (
            "no game puts the cats there: each cat only steps forward from one of 1, 2, 3 and 4."
        ),
        "catmouse.mouse_too_far": (
            "the mouse cannot be on {square} yet: it has made {moves} moves since its placement on row 8."
        ),
        "catmouse.wrong_side_to_move": (
            "with the pieces where they are, {side} must be to move: each move takes a piece one row."
        ),
        "catmouse.title": "Four Cats and the Mouse",
        "catmouse.summary": "a mouse slips past four cats, or is trapped",
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
        "catmouse.not_neighbour": ("Wrong move... {target} is not diagonally next to {origin}."),
        "catmouse.occupied_by_cat": "{square} is taken by a cat.",
        "catmouse.occupied_by_mouse": "{square} is taken by the mouse.",
        "catmouse.cats_cannot_go_back": (
            "Wrong move... cats cannot go back: {origin} to {target} leaves towards row 1."
        ),
        "catmouse.no_cat_there": "Wrong move... there is no cat on {square}.",
        "catmouse.game_over": "The game is over.",
        "catmouse.rules": (
            "Four Cats and the Mouse. Everyone moves one square diagonally on the numbered\n"
            "squares 1 to 32. The cats start on 1, 2, 3, 4 and only move forward, towards\n"
            "29..32; one cat moves per turn. The mouse starts on 29, 30, 31 or 32, moves\n"
            "first, and may go forward or back. Nobody moves onto a taken square and nothing\n"
            "is captured. The mouse wins when it reaches 1..4, or when the cats cannot move;\n"
            "the cats win when the mouse cannot move."
        ),
        "catmouse.typing": (
            "The squares' numbers are on the left grid. The mouse types its new square (26,\n"
            "or 7 4 as row and column); the cats type the cat and its new square (20 24,\n"
            "20,24 or 20-24) or both as rows and columns (5 8 6 7)."
        ),
        "catmouse.not_a_dark_square": "Wrong move... row {row}, column {column} is not one of the numbered squares.",
        "catmouse.solve_help": "solve the whole game and print who wins each start",
        "catmouse.stays": "Wrong move... {square} is the square it stands on: give its new square.",
        "catmouse.row_column": "row {row}, column {column}",
        "catmouse.position_not_a_number": "'{text}' is not a number.",
        "catmouse.position_off_board": "{square} is not a square: squares are 1 to 32.",
    },
    "es": {
        "catmouse.legend_mouse": "el ratón",
        "catmouse.legend_cat": "un gato",
        "catmouse.mouse_wins_in": "gana el ratón {moves}",
        "catmouse.cats_wins_in": "ganan los gatos {moves}",
        "catmouse.bad_position_text": (
            "'{text}' no es una posición: dé la casilla del ratón (- si aún no está), las de los "
            "cuatro gatos y, si mueven los gatos, 'gatos'."
        ),
        "catmouse.same_square": "dos piezas no pueden estar en la casilla {square}.",
        "catmouse.cat_count": "hay cuatro gatos, no {count}.",
        "catmouse.mouse_count": "hay un ratón, no {count}.",
        "catmouse.light_square": "las piezas solo están en las casillas oscuras, numeradas.",
        "catmouse.unplaced_mouse": (
            "antes de colocar el ratón los gatos están en 1, 2, 3 y 4 y mueve el ratón."
        ),
        "catmouse.mouse_escaped_already": (
            "el ratón en {square} ya ha escapado: la partida ha terminado y no mueve nadie."
        ),
        "catmouse.cats_unreachable": (
            "ninguna partida pone ahí a los gatos: cada gato solo avanza desde una de las casillas 1, 2, 3 y 4."
        ),
        "catmouse.mouse_too_far": (
            "el ratón aún no puede estar en {square}: lleva {moves} movimientos desde que se colocó en la fila 8."
        ),
        "catmouse.wrong_side_to_move": (
            "con las piezas donde están, quien mueve es {side}: cada jugada lleva una pieza una fila."
        ),
        "catmouse.title": "Los Cuatro Gatos y el Ratón",
        "catmouse.summary": "el ratón escapa o los gatos lo acorralan",
        "catmouse.mouse": "el ratón",
        "catmouse.cats": "los gatos",
        "catmouse.prompt_start": "Posicion inicial del raton: 29 , 30 , 31 o 32 . ",
        "catmouse.prompt_mouse": "Nueva posicion del raton: ",
        "catmouse.prompt_cats": "Gato que se mueve y su nueva posición (por ejemplo 20 24): ",
        "catmouse.turn_mouse": "Mueve el ratón.",
        "catmouse.turn_cats": "Mueven los gatos.",
        "catmouse.mouse_wins": "¡Ha ganado el ratón!",
        "catmouse.cats_win": "¡Han ganado los cuatro gatos!",
        "catmouse.mouse_escaped": "El ratón ha llegado a la fila de salida de los gatos.",
        "catmouse.mouse_trapped": "El ratón no puede moverse: está acorralado.",
        "catmouse.cats_stuck": "Los gatos no pueden moverse: el ratón se ha escabullido.",
        "catmouse.not_a_number": "Movimiento erroneo... '{text}' no es un número.",
        "catmouse.off_board": (
            "Movimiento erroneo... {square} no es una casilla: las casillas van del 1 al 32."
        ),
        "catmouse.mouse_gives_one": (
            "Movimiento erroneo... el ratón indica una sola casilla, la nueva ('{text}' no lo es)."
        ),
        "catmouse.cats_give_two": (
            "Movimiento erroneo... los gatos indican dos casillas: el gato y su destino, "
            "por ejemplo 20 24."
        ),
        "catmouse.mouse_start": (
            "Movimiento erroneo... el ratón empieza en 29, 30, 31 o 32, no en {square}."
        ),
        "catmouse.not_neighbour": (
            "Movimiento erroneo... {target} no es contigua en diagonal a {origin}."
        ),
        "catmouse.occupied_by_cat": "Posicion ocupada por un gato.",
        "catmouse.occupied_by_mouse": "Posición ocupada por el ratón.",
        "catmouse.cats_cannot_go_back": (
            "Movimiento erroneo... los gatos no pueden retroceder: de {origin} a {target} "
            "se vuelve hacia la fila 1."
        ),
        "catmouse.no_cat_there": "Movimiento erroneo... no hay ningún gato en {square}.",
        "catmouse.game_over": "La partida ha terminado.",
        "catmouse.rules": (
            "Los Cuatro Gatos y el Ratón. Todos se mueven una casilla en diagonal por las\n"
            "casillas numeradas del 1 al 32. Los gatos empiezan en 1, 2, 3, 4 y sólo\n"
            "avanzan, hacia 29..32; en cada turno mueve un solo gato. El ratón empieza en\n"
            "29, 30, 31 o 32, mueve primero y puede avanzar o retroceder. Nadie ocupa una\n"
            "casilla ya ocupada y nunca se captura. Gana el ratón si llega a 1..4 o si los\n"
            "gatos no pueden mover; ganan los gatos si el ratón no puede moverse."
        ),
        "catmouse.typing": (
            "Los números de las casillas están en el cuadro de la izquierda. El ratón\n"
            "escribe su nueva casilla (26, o 7 4 como fila y columna); los gatos, el gato y\n"
            "su destino (20 24, 20,24 o 20-24) o ambos como fila y columna (5 8 6 7)."
        ),
        "catmouse.not_a_dark_square": "Movimiento erroneo... la fila {row}, columna {column} no es una de las casillas numeradas.",
        "catmouse.solve_help": "resuelve todo el juego y escribe quién gana desde cada inicio",
        "catmouse.stays": (
            "Movimiento erroneo... {square} es la casilla donde ya está: indique la nueva."
        ),
        "catmouse.row_column": "fila {row}, columna {column}",
        "catmouse.position_not_a_number": "'{text}' no es un número.",
        "catmouse.position_off_board": "{square} no es una casilla: las casillas van del 1 al 32.",
    },
}
