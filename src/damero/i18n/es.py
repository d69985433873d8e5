"""Spanish messages; where a seed gives a text, it is used as written."""

MESSAGES: dict[str, str] = {
    # --- analysis ---
    "catmouse.mouse_wins_in": "gana el ratón {moves}",
    "catmouse.cats_wins_in": "ganan los gatos {moves}",
    "tictactoe.x_wins_in": "gana X {moves}",
    "tictactoe.o_wins_in": "gana O {moves}",
    "othello.x_wins_in": "gana X {moves}",
    "othello.o_wins_in": "gana O {moves}",
    "analysis.hint": "Mejor jugada: {move} ({meaning})",
    "analysis.no_move": "No hay jugada que sugerir: la partida ha terminado.",
    "analysis.draw": "tablas con el mejor juego",
    "analysis.even": "igualados",
    "analysis.wins_by": "gana {side} por {discs} con el mejor juego",
    "analysis.ahead_by": "{side} va por delante por unas {discs:.1f} fichas (una estimación)",
    "analysis.move_line": "  {move:>6}  {meaning}",
    "analysis.bad_position": "Eso no es una posición de este juego: {why}",
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
    "catmouse.bad_position_text": (
        "'{text}' no es una posición: dé la casilla del ratón (- si aún no está), las de los "
        "cuatro gatos y, si mueven los gatos, 'gatos'."
    ),
    "catmouse.same_square": "dos piezas no pueden estar en la casilla {square}.",
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
    "tictactoe.bad_board": "'{text}' no es un tablero: da nueve casillas, cada una X, O o -.",
    "tictactoe.impossible_counts": (
        "X empieza, así que X tiene tantas marcas como O o una más; aquí X tiene {x} y O {o}."
    ),
    "tictactoe.played_after_line": (
        "{player} ya tiene tres en raya, así que la partida terminó antes de la última marca."
    ),
    "analysis.solved": "{meaning}; mejor jugada {move} (resuelto en {seconds:.2f} s)",
    "cli.thinking": "El ordenador está pensando",
    "othello.rules": (
        "Othello. Empiezan las X. Coloque una ficha de modo que encierre una o más\n"
        "líneas de fichas contrarias (en fila, columna o diagonal) entre ella y otra\n"
        "suya: esas fichas se voltean. Sólo voltea la ficha recién colocada. Quien no\n"
        "puede colocar ficha pasa, de forma automática. La partida acaba cuando ninguno\n"
        "puede colocar; gana quien tenga más fichas. Escriba fila y columna: 3 4, 3,4 o\n"
        "3-4; o la letra de la columna y la fila, como d3; -1 -1 abandona la partida."
    ),
    "tictactoe.rules": (
        "El Gato (tres en raya). Empieza X; por turnos, cada jugador marca una casilla\n"
        "libre, numeradas del 1 al 9 por filas. Tres marcas en una fila, columna o\n"
        "diagonal ganan; si se llena el tablero sin ninguna, es empate. Escriba el\n"
        "número de una casilla libre."
    ),
    # --- front door and Othello menu ---
    "menu.title": "damero: juegos clásicos de tablero para dos",
    "menu.game": "{number}- {title}: {summary}",
    "menu.language": "{number}- English (change language)",
    "menu.quit": "{number}- Salir",
    "menu.choose": "Elija una opción: ",
    "menu.unknown": "'{choice}' no es una opción: escriba uno de los números.",
    "menu.help": "Escriba el número de un juego para jugarlo, o el del idioma o el de salir.",
    "catmouse.title": "Los Cuatro Gatos y el Ratón",
    "catmouse.summary": "el ratón escapa o los gatos lo acorralan",
    "othello.title": "Othello",
    "othello.summary": "voltee las fichas del rival en tableros de 4x4 a 10x10, con ficheros",
    "tictactoe.title": "El Gato (tres en raya)",
    "tictactoe.summary": "tres en raya en un tablero de 3x3",
    "othello.menu_choice": "Elija una opción: ",
    "othello.menu_unknown": "'{choice}' no es una opción: escriba 1, 2, 3 o 4.",
    "othello.perft": (
        "perft({depth}) en {size}x{size}: {leaves} hojas en {seconds:.3f} s ({rate:,.0f} por segundo)"
    ),
    "record.missing": "No hay ningún fichero llamado {path}.",
    "record.unknown_game": "línea {line}: una partida de '{name}', que damero no conoce",
    "record.unknown_format": "línea {line}: no es ni un fichero de Othello ni una partida de damero",
    # --- shared terminal front end ---
    "cli.commands": (
        "En cualquier momento: ? muestra las reglas y estas órdenes, u deshace la\n"
        "última jugada, h sugiere una jugada, q abandona la partida."
    ),
    "cli.empty_answer": "Escriba una jugada, o ? para ver la ayuda.",
    "cli.left_game": "Partida abandonada.",
    "cli.end_of_input": "Fin de la entrada: el programa termina aquí.",
    "cli.interrupted": "Interrumpido: el programa termina aquí.",
    "game.nothing_to_take_back": "No hay ninguna jugada que deshacer.",
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
    "record.bad_option": "línea {line}: '{text}' no es un valor de {name} de este juego",
    "record.bad_start": "línea {line}: la posición inicial no vale: {reason}",
    "record.start_mismatch": "línea {line}: la posición inicial no es de este tablero",
    "record.cannot_open": "{why}",
    "record.exists": "{path} ya existe; elija otro nombre para no sobrescribir nada.",
    "record.no_folder": "La carpeta de {path} no existe.",
    "record.ask_new_file": "Fichero donde guardar la partida (vacío: no guardar): ",
    # --- ficheros que no se pueden escribir o nombrar ---
    "record.write_failed": "No se pudo escribir en {path}: {why}. El fichero queda como estaba antes de esta jugada.",
    "record.create_failed": "No se pudo crear {path}: {why}. No queda ningún fichero con ese nombre.",
    "record.cannot_create": "No se puede crear un fichero de partida en {path}: {why}.",
    "record.no_files_here": "el sistema no admite ficheros nuevos en esa carpeta",
    "record.playing_unsaved": "La partida sigue sin guardarse.",
    "record.already_exists": "ya hay un fichero con ese nombre",
    "record.name_has_nul": "un nombre de fichero no puede contener el carácter NUL",
    "record.not_a_regular_file": "no es un fichero normal",
    "record.line_too_long": "línea {line}: tiene más de {limit} caracteres, y ninguna línea de una partida los tiene",
    "record.too_big": "línea {line}: el fichero pasa de {limit} caracteres, más de lo que ocupa cualquier partida",
    "record.not_the_start": "línea {line}: el tablero JUGADA 1 no es el tablero inicial de una partida",
    "cli.system_error": "El sistema se ha negado: {why}.",
    # --- solvers ---
    "solve.catmouse_legal": "Posiciones legales: {count}",
    "solve.catmouse_reachable": "Posiciones alcanzables tras colocar al ratón: {count}",
    "solve.catmouse_start_mouse_wins": (
        "Con el mejor juego desde el inicio, el ratón gana en {plies} jugadas."
    ),
    "solve.catmouse_start_cats_win": (
        "Con el mejor juego desde el inicio, los cuatro gatos ganan en {plies} jugadas."
    ),
    "solve.catmouse_placement_mouse_wins": (
        "Ratón colocado en {square}: el ratón gana en {plies} jugadas más."
    ),
    "solve.catmouse_placement_cats_win": (
        "Ratón colocado en {square}: los cuatro gatos ganan en {plies} jugadas más."
    ),
    # --- Four Cats and the Mouse ---
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
        "casillas numeradas del 1 al 32 (el cuadro de la izquierda). Los gatos empiezan\n"
        "en 1, 2, 3, 4 y sólo avanzan, hacia 29..32; en cada turno mueve un solo gato.\n"
        "El ratón empieza en 29, 30, 31 o 32, mueve primero y puede avanzar o\n"
        "retroceder. Nadie ocupa una casilla ya ocupada y nunca se captura. Gana el\n"
        "ratón si llega a 1..4 o si los gatos no pueden mover; ganan los gatos si el\n"
        "ratón no puede moverse. El ratón escribe su nueva casilla (26, o 7 4 como fila\n"
        "y columna); los gatos, el gato y su destino (20 24, 20,24 o 20-24) o ambos\n"
        "como fila y columna (5 8 6 7)."
    ),
    # Tic-tac-toe
    "tictactoe.x": "X",
    "tictactoe.o": "O",
    "tictactoe.prompt": "Jugador {player}. Escriba el número de casilla en donde desea tirar: ",
    "tictactoe.taken_shown": "Las casillas marcadas con X u O ya están ocupadas",
    "tictactoe.congratulations": "Felicidades jugador {player}",
    "tictactoe.you_won": "Has ganado el juego",
    "tictactoe.line": "Tres en línea",
    "tictactoe.draw": "El juego termina en empate",
    "tictactoe.not_a_number": "'{text}' no es un número: escriba una casilla del 1 al 9",
    "tictactoe.not_a_cell": "Casilla no válida: no existe la casilla {text}, van del 1 al 9",
    "tictactoe.cell_taken": (
        "Casilla no válida, la casilla {cell} ya está ocupada con {mark}; "
        "escriba una posición valida"
    ),
    "tictactoe.game_over": "El juego ya terminó: no se puede tirar más",
    # --- Othello ---
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
    "othello.prompt": "Jugador {side}, fila y columna (por ejemplo 3 4; -1 -1 para salir): ",
    "othello.counts": "Número de X: {x}   Número de O: {o}",
    "othello.turn": "Juega {side}.",
    "othello.passes": "{side} no puede colocar ficha y pasa el turno.",
    "othello.wins": "¡Gana {side}, {winner_discs} fichas contra {loser_discs}!",
    "othello.draw_result": "Tablas: {discs} fichas cada uno.",
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
    "record.not_othello": (
        "línea {line}: esto no es un fichero de partida del Othello "
        "(debería empezar por '{expected}')"
    ),
    "record.bad_header": "línea {line}: se esperaba '{expected}' y hay '{text}'",
    "record.truncated_header": "línea {line}: el fichero acaba antes del tamaño del tablero",
    "record.bad_size": "línea {line}: '{text}' no es un tamaño de tablero (4, 6, 8 o 10)",
    "record.bad_jugada": "línea {line}: se esperaba 'JUGADA {number}:' y hay '{text}'",
    "record.bad_board_row": (
        "línea {line}: una fila del tablero son {size} caracteres entre X, O y '.', no '{text}'"
    ),
    "record.truncated": (
        "línea {line}: el fichero acaba a mitad del tablero de la JUGADA {number}"
        " ({rows} de {size} filas)"
    ),
    "record.no_boards": "línea {line}: el fichero tiene cabecera pero ningún tablero",
    "record.not_a_move": (
        "línea {line}: el tablero de la JUGADA {number} no sale del anterior con una jugada válida"
    ),
    "record.not_a_pass": "línea {line}: el tablero JUGADA {number} repite el anterior, pero {side} podía poner ficha, así que no es un pase",
    "record.showing_complete": "Se muestra la partida hasta la última entrada completa anterior.",
    "record.ask_repair": "¿Quitar la entrada incompleta y seguir desde la anterior? (s/n): ",
    "record.repaired": "{path} reparado: ahora termina en su última entrada completa.",
    "cli.play_again": "¿Otra partida? (s/n): ",
    "replay.game_over": "Aquí la partida ha terminado: vuelva atrás con r para seguir desde una jugada anterior.",
    "record.no_such_file": "no existe ese fichero",
    "record.permission_denied": "permiso denegado",
    "record.is_a_folder": "es una carpeta, no un fichero",
    "record.not_a_folder": "una parte de la ruta no es una carpeta",
    "record.name_too_long": "el nombre es demasiado largo",
    "record.too_many_links": "demasiados enlaces simbólicos",
    "record.disk_full": "el disco está lleno",
    "record.file_too_large": "el fichero es demasiado grande",
    "record.read_only": "el disco es de solo lectura",
    "record.os_error": "{text}",
    "catmouse.not_a_dark_square": "Movimiento erroneo... la fila {row}, columna {column} no es una de las casillas numeradas.",
    # --- the browser and the server ---
    "web.unknown_game": "No hay ningún juego llamado '{name}'.",
    "web.bad_options": "Esas no son opciones de {game}.",
    "web.bad_mode": "Elija una pantalla, el ordenador o un amigo.",
    "web.bad_seat": "Elija un bando y un nivel del 1 al 5.",
    "web.bad_move_list": "La jugada {number} de la lista no es el texto de una jugada.",
    "web.bad_move_in_list": "La jugada {number} de la lista no vale: {reason}",
    "web.unknown_id": "Aquí no hay ninguna partida '{id}'.",
    "web.spectator_move": "Está mirando esta partida: solo sus jugadores pueden mover.",
    "web.wrong_token": "El puesto de este enlace no es de esta partida: está mirando.",
    "web.not_your_turn": "No es su turno: mueve {side}.",
    "web.moved_on": "La partida avanzó antes de que llegara su jugada; no se ha jugado.",
    "game.not_over": "La partida aún no ha terminado.",
    "game.no_offer": "No hay ninguna oferta así que responder.",
    "game.already_offered": "Ya lo ha ofrecido; el otro jugador aún no ha respondido.",
    "game.time_up": "Se le había acabado el tiempo: la partida está perdida por tiempo.",
    "web.seat_taken": "Ese puesto está ocupado: nadie más puede unirse a esta partida.",
    "web.bad_clock": "Un reloj necesita segundos enteros: inicial de 1 a 10800, incremento de 0 a 180.",
    "web.bad_word": "{name} debe ser uno de: {allowed}.",
    "web.cannot_claim": "Solo puede reclamar la partida cuando el otro jugador lleve ausente el tiempo suficiente.",
    "game.over": "La partida ha terminado.",
    "web.cannot_undo": "Aquí no hay ninguna jugada suya que deshacer.",
    "web.no_hint": "Aquí no hay ninguna jugada que sugerir.",
    "web.flood": "Demasiados mensajes a la vez: espere un momento y vuelva a intentarlo.",
    "web.too_long": "Ese mensaje es demasiado largo (más de {limit} caracteres).",
    "web.too_large": "Ese fichero es demasiado grande (más de {limit} KB).",
    "web.bad_json": "Ese mensaje no es JSON.",
    "web.bad_message": "Ese mensaje no es uno que esta partida entienda.",
    "web.bad_field": "El campo '{name}' falta o no es del tipo debido.",
    "web.too_deep": "Ese mensaje anida más de {limit} niveles.",
    "web.busy": "El servidor está pensando demasiadas pistas ahora: pida otra dentro de un momento.",
    "web.hint_pending": "Ya se está pensando una pista: espérela antes de pedir otra.",
    "web.too_many_games": "Demasiadas partidas nuevas desde su dirección: espere {seconds} s y vuelva a intentarlo.",
    "web.too_many_hints": "Demasiadas pistas pedidas desde su dirección: espere {seconds} s y vuelva a intentarlo.",
    "web.not_saved": "Su jugada no se ha guardado: {why}. La partida sigue como estaba; vuelva a intentarlo dentro de un momento.",
    "web.database_fault": "No se han podido leer o guardar las partidas: {why}. Vuelva a intentarlo dentro de un momento.",
    "web.db_full": "el disco de la base de datos está lleno",
    "web.db_unwritable": "no se puede escribir en el fichero de la base de datos",
    "web.db_damaged": "el fichero de la base de datos está dañado",
    "web.db_busy": "la base de datos está ocupada",
    "web.db_unreachable": "no se puede llegar a la base de datos",
    "web.db_failed": "la base de datos lo ha rechazado",
    "page.title": "damero",
    "page.tagline": "Juegos de tablero clásicos para dos",
    "page.new_game": "Partida nueva",
    "page.size": "Tamaño del tablero",
    "page.mode": "Contrincante",
    "page.mode_local": "Dos personas en esta pantalla",
    "page.mode_computer": "El ordenador",
    "page.mode_friend": "Un amigo, por enlace",
    "page.seat": "Juega con",
    "page.level": "Nivel del ordenador (1-5)",
    "page.create": "Empezar",
    "page.open_games": "Partidas en juego",
    "page.none_open": "Ahora no se está jugando ninguna partida.",
    "page.watch": "Mirar",
    "page.moves": "Jugadas",
    "page.undo": "Deshacer",
    "page.hint": "Pista",
    "page.download": "Descargar la partida",
    "page.replay": "Repetición",
    "page.upload": "Ver un fichero de partida",
    "page.play_on": "Seguir jugando desde aquí",
    "page.first": "Inicio",
    "page.back": "Atrás",
    "page.forward": "Adelante",
    "page.last": "Final",
    "page.link_other": "Envíe este enlace a su contrincante:",
    "page.link_watch": "Enlace para mirar:",
    "page.thinking": "El ordenador está pensando...",
    "page.spectator": "Está mirando.",
    "page.you_play": "Juega con: {sides}",
    "page.numbers": "Mostrar los números de las casillas",
    "page.type_move": "Escriba una jugada",
    "page.send": "Jugar",
    "page.to_move": "Mueve: {side}",
    "page.home": "Todos los juegos",
    "page.reconnecting": "Se perdió la conexión; reconectando...",
    "page.replaying": "Repetición: posición {shown} de {total}",
    "web.serving": "damero sirve en {url} (partidas guardadas en {db}); Ctrl-C lo para.",
    "web.no_database": "No se puede usar la base de datos {url}: {why}",
    "web.memory_database": "La base de datos {url} estaría solo en memoria, distinta para cada conexión y perdida al parar: indique un fichero (sqlite:///RUTA) o una base de datos PostgreSQL.",
    "web.bad_port": "El puerto {port} no es uno en el que se pueda escuchar: elija uno del 1 al 65535.",
    "web.cannot_listen": "No se puede escuchar en {host}, puerto {port}: {why}",
    "web.address_in_use": "otro programa ya escucha en ese puerto",
    "web.unknown_host": "no se encuentra esa dirección",
    "analysis.in_one_move": "con su próxima jugada",
    "analysis.in_moves": "en {count} jugadas: {winner} {winner_moves} y {loser} {loser_moves}",
    "cli.progress": "{seconds:.0f} s: {report}",
    "othello.solving": "resolviendo de forma exacta: {empties} casillas vacías; no se sabe cuánto falta",
    "othello.searching": "{empties} vacías, prof. {depth}, mejor {move}, {nodes:,} posiciones, quedan {left:.0f} s",
    "othello.best_so_far": "{meaning}; mejor jugada encontrada {move} (profundidad {depth}, {seconds:.1f} s; sin resolver hasta el final)",
    # --- la ayuda de la línea de órdenes ---
    "help.usage": "uso: ",
    "help.positionals": "argumentos",
    "help.options": "opciones",
    "help.help": "muestra esta ayuda y termina",
    "help.damero": (
        "Juegos clásicos de tablero para dos en la terminal. Sin JUEGO, un menú ofrece los "
        "juegos y el idioma."
    ),
    "help.game": "{title}: {summary}",
    "help.game_metavar": "JUEGO",
    "help.action_metavar": "ACCIÓN",
    "help.file_metavar": "FICHERO",
    "help.seed_metavar": "SEMILLA",
    "help.seconds_metavar": "SEGUNDOS",
    "help.position_metavar": "POSICIÓN",
    "help.replay": "reproduce un fichero de partida de cualquier juego, reconociendo el juego",
    "help.replay_file": "el fichero de la partida",
    "help.serve": "jugar en el navegador: arranca el servidor; las partidas se guardan en una base de datos",
    "help.host": "dirección en la que escuchar (por omisión 127.0.0.1)",
    "help.port": "puerto en el que escuchar (por omisión 8000)",
    "help.db": (
        "sqlite:///RUTA o postgresql://USUARIO@MÁQUINA/BASE (por omisión: un fichero SQLite "
        "en la carpeta de datos del usuario)"
    ),
    "help.computer_timeout": (
        "con varios servidores sobre una base de datos: cuánto espera el turno del ordenador "
        "de un servidor que se paró antes de que lo juegue otro servidor (por omisión 30)"
    ),
    "help.play": "jugar ya, sin menú",
    "help.analyse": "escribe quién gana una posición y lo que vale cada jugada",
    "help.position": "la posición, como en: {example}",
    "help.json": "escribe JSON para otros programas",
    "help.thinking_time": "tiempo para pensar (por omisión {seconds:g})",
    "help.lang": "idioma de todos los mensajes (por omisión: de LC_ALL, LC_MESSAGES o LANG; si no, en)",
    "help.plain": "sin colores, sin redibujar en su sitio, Intro tras cada tecla (también: con NO_COLOR)",
    "help.side": "quién juega con {side} (por omisión: human)",
    "help.level": (
        "la fuerza del ordenador, de 1 (principiante) a 5 (la mayor que admite el juego); "
        "por omisión 3"
    ),
    "help.seed": "semilla para que el ordenador elija entre jugadas igual de buenas",
    "help.delay": (
        "pausa tras cada jugada del ordenador, hasta una hora (por omisión: un segundo si solo "
        "juega el ordenador ante una terminal)"
    ),
    "help.option_asked": "{what} (por omisión: lo pregunta el menú; {usual} con --save)",
    "help.option": "{what} (por omisión {usual})",
    "help.save": "guarda la partida en FICHERO a medida que se juega",
    "help.replay_option": (
        "reproduce una partida guardada: a avanzar, r retroceder, s salir, j jugar desde ahí"
    ),
    "help.bad_seconds": "'{text}' no es un número de segundos, 0 o más",
    "help.bad_delay": "'{text}' no es una pausa en segundos de 0 a {most:g}",
    "othello.size_option": "el tamaño del tablero",
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
    "catmouse.solve_help": "resuelve todo el juego y escribe quién gana desde cada inicio",
    # --- palabras añadidas por los mismos fallos ---
    "tictactoe.computer_won": "El ordenador ({player}) ha ganado el juego",
    "record.in_use": "se está jugando otra partida en él",
    "record.cannot_append": "No se puede continuar {path}: {why}.",
    "record.cut_back_failed": (
        "No se pudo deshacer la jugada en {path}: {why}. El fichero aún la contiene."
    ),
    "record.moved": "se movió, se borró o se sustituyó durante la partida",
    "record.changed": "otro programa escribió en él durante la partida",
    "record.after_the_end": (
        "línea {line}: el tablero de la JUGADA {number} viene después de que la partida "
        "acabara con los dos jugadores pasando"
    ),
    "record.file_help": (
        "Escriba el nombre de un fichero; una línea vacía o q sale sin elegir ninguno."
    ),
    "cli.not_here": "'{key}' no hace nada aquí: escriba el nombre de un fichero, o ? para ver la ayuda.",
    "menu.type_a_number": "Escriba uno de los números que se muestran.",
    "catmouse.stays": (
        "Movimiento erroneo... {square} es la casilla donde ya está: indique la nueva."
    ),
    "catmouse.row_column": "fila {row}, columna {column}",
    "catmouse.position_not_a_number": "'{text}' no es un número.",
    "catmouse.position_off_board": "{square} no es una casilla: las casillas van del 1 al 32.",
}
