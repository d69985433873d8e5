"""Spanish messages; where a seed gives a text, it is used as written."""

MESSAGES: dict[str, str] = {
    # --- shared terminal front end ---
    "cli.commands": (
        "En cualquier momento: ? muestra las reglas y estas órdenes, u deshace la última jugada,\n"
        "h sugiere una jugada, q abandona la partida."
    ),
    "cli.empty_answer": "Escriba una jugada, o ? para ver la ayuda.",
    "cli.left_game": "Partida abandonada.",
    "cli.end_of_input": "Fin de la entrada: el programa termina aquí.",
    "cli.interrupted": "Interrumpido: el programa termina aquí.",
    "cli.nothing_to_take_back": "No hay ninguna jugada que deshacer.",
    "cli.taken_back": "Jugada {move} deshecha.",
    "cli.no_hint": "Aquí no hay ninguna sugerencia disponible.",
    "cli.computer_moved": "El ordenador ({side}) juega {move}.",
    # --- replay viewer ---
    "replay.prompt": "a (avanzar), r (retroceder), s (salir), j (jugar desde aquí): ",
    "replay.keys": (
        "Teclas: a avanzar, r retroceder, s salir, j jugar a partir del tablero mostrado."
    ),
    "replay.position": "Jugada {number} de {total}",
    "replay.last_move": "Última jugada: {move}",
    "replay.at_end": "Esta es la última jugada.",
    "replay.at_start": "Esta es la primera jugada.",
    "replay.unknown_key": "'{key}' no es una tecla válida: use a, r, s o j.",
    # --- records ---
    "record.error": "No se puede leer {path}: {reason}",
    "record.empty": "línea {line}: el fichero está vacío",
    "record.not_damero": "línea {line}: esto no es una partida guardada por damero",
    "record.cut_off": "línea {line}: el fichero está cortado en mitad de la línea '{text}'",
    "record.wrong_game": "línea {line}: esta partida es de {found}, no de {wanted}",
    "record.bad_move": "línea {line}: '{text}' no se puede jugar aquí: {reason}",
    "record.cannot_open": "no se puede abrir {path}: {why}",
    "record.exists": "{path} ya existe; elija otro nombre para no sobrescribir nada.",
    "record.no_folder": "La carpeta de {path} no existe.",
    "record.ask_new_file": "Fichero donde guardar la partida (vacío: no guardar): ",
    # --- Four Cats and the Mouse ---
    "catmouse.mouse": "el ratón",
    "catmouse.cats": "los gatos",
    "catmouse.prompt_start": "Posicion inicial del raton: 29 , 30 , 31 o 32 . ",
    "catmouse.prompt_mouse": "Nueva posicion del raton: ",
    "catmouse.prompt_cats": "Gato que se mueve y su nueva posicion (por ejemplo 20 24): ",
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
    "catmouse.occupied_by_mouse": "Posicion ocupada por el raton.",
    "catmouse.cats_cannot_go_back": (
        "Movimiento erroneo... los gatos no pueden retroceder: de {origin} a {target} "
        "se vuelve hacia la fila 1."
    ),
    "catmouse.no_cat_there": "Movimiento erroneo... no hay ningún gato en {square}.",
    "catmouse.game_over": "La partida ha terminado.",
    "catmouse.rules": (
        "Los Cuatro Gatos y el Ratón. Todos se mueven una casilla en diagonal por las casillas\n"
        "numeradas del 1 al 32 (el cuadro de la izquierda). Los gatos empiezan en 1, 2, 3, 4 y\n"
        "sólo avanzan, hacia 29..32; en cada turno mueve un solo gato. El ratón empieza en 29,\n"
        "30, 31 o 32, mueve primero y puede avanzar o retroceder. Nadie ocupa una casilla ya\n"
        "ocupada y nunca se captura. Gana el ratón si llega a 1..4 o si los gatos no pueden\n"
        "mover; ganan los gatos si el ratón no puede moverse. El ratón escribe su nueva casilla\n"
        "(26); los gatos, el gato y su destino (20 24, 20,24 o 20-24)."
    ),
    # Tic-tac-toe
    "tictactoe.x": "X",
    "tictactoe.o": "O",
    "tictactoe.prompt": "Jugador {player}. Escriba el número de casilla en donde desea tirar: ",
    "tictactoe.turn": "Turno del jugador {player}",
    "tictactoe.taken_shown": "Las casillas marcadas con X u O ya están ocupadas",
    "tictactoe.congratulations": "Felicidades jugador {player}",
    "tictactoe.you_won": "Has ganado el juego",
    "tictactoe.line": "Tres en línea",
    "tictactoe.draw": "El juego termina en empate",
    "tictactoe.not_a_number": "«{text}» no es un número: escriba una casilla del 1 al 9",
    "tictactoe.not_a_cell": "Casilla no válida: no existe la casilla {text}, van del 1 al 9",
    "tictactoe.cell_taken": (
        "Casilla no válida, la casilla {cell} ya está ocupada con {mark}; "
        "escriba una posición valida"
    ),
    "tictactoe.game_over": "El juego ya terminó: no se puede tirar más",
}
