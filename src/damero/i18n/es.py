"""Spanish messages shared by every game; where a seed gives a text, it is used as written.

Each game's own words are in its package's `words`.
"""

MESSAGES: dict[str, str] = {
    # --- analysis ---
    "analysis.hint": "Mejor jugada: {move} — {meaning}",
    "analysis.no_move": "No hay jugada que sugerir: la partida ha terminado.",
    "analysis.draw": "tablas con el mejor juego",
    "analysis.even": "igualados",
    "analysis.wins_by": "gana {side} por {discs} con el mejor juego",
    "analysis.ahead_by": "{side} va por delante por unas {discs:.1f} fichas (una estimación)",
    "analysis.move_line": "  {move:>6}  {meaning}",
    "analysis.bad_position": "Eso no es una posición de este juego: {why}",
    "analysis.solved": "{meaning}; mejor jugada {move} (resuelto en {seconds:.2f} s)",
    "cli.thinking": "El ordenador está pensando",
    # --- front door and Othello menu ---
    "menu.title": "damero: juegos clásicos de tablero para dos",
    "menu.game": "{number}- {title}: {summary}",
    "menu.language": "{number}- English (change language)",
    "menu.quit": "{number}- Salir",
    "menu.choose": "Elija una opción: ",
    "menu.unknown": "'{choice}' no es una opción: escriba uno de los números.",
    "menu.help": "Escriba el número de un juego para jugarlo, o el del idioma o el de salir.",
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
        "Teclas: a (o →) avanzar, r (o ←) retroceder, s salir, j jugar a partir del tablero "
        "mostrado, h la mejor jugada en él."
    ),
    "replay.position": "Jugada {number} de {total}",
    "replay.last_move": "Última jugada: {move}",
    "replay.at_end": "Esta es la última jugada.",
    "replay.at_start": "Esta es la primera jugada.",
    "replay.unknown_key": "'{key}' no es una tecla válida: use a, r, s o j (o las flechas ← →), o ? para la ayuda.",
    "replay.nothing_to_take_back": "En la reproducción no se deshace nada: r (o ←) retrocede una jugada.",
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
    # --- Othello's game files (the games' own words are in damero.games.*.words) ---
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
    "result.resignation": "{loser} abandona: gana {winner}.",
    "result.agreement_drawn": "Tablas de mutuo acuerdo.",
    "result.time": "A {loser} se le acabó el tiempo: gana {winner}.",
    "result.abandoned": "{loser} dejó la partida: gana {winner}.",
    "result.abandoned_drawn": "Un jugador dejó la partida: tablas.",
    "game.over": "La partida ha terminado.",
    "web.cannot_undo": "Aquí no hay ninguna jugada suya que deshacer.",
    "web.no_hint": "Aquí no hay ninguna jugada que sugerir.",
    "web.hint_in_play": (
        "No hay pistas en una partida entre dos personas mientras se juega: pídala de nuevo "
        "cuando termine."
    ),
    "web.join_over": "Esta partida ha terminado: ya nadie puede unirse a ella.",
    "web.no_one_to_ask": "Aquí no hay nadie que pueda responder a esa oferta.",
    "game.rematch_begun": "La revancha ya ha empezado.",
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
    "page.game": "Juego",
    "page.games": "Los juegos",
    "page.rules": "Reglas",
    "page.rules_title": "Las reglas de los juegos",
    "page.board": "Tablero: {game}",
    "page.empty": "vacía",
    "page.play_move": "jugar {move}",
    "page.choose_piece": "{piece}: elegirlo para mover",
    "page.legend": "Piezas",
    "page.played": "{side} jugó {move}.",
    "page.looking_back": "Mirando atrás: la posición tras la jugada {number} de {total}. La partida sigue.",
    "page.looking_start": "Mirando atrás: el inicio de la partida. La partida sigue.",
    "page.back_to_game": "Volver a la partida",
    "page.your_turn_title": "Tu turno: {title}",
    "page.scheme": "Colores",
    "page.scheme_auto": "Como el dispositivo",
    "page.scheme_light": "Claros",
    "page.scheme_dark": "Oscuros",
    "page.sound": "Sonido",
    "page.language": "Idioma",
    "page.move_number": "Jugada",
    "page.keys": "Las flechas izquierda y derecha recorren las jugadas; Inicio y Fin van al principio y al final.",
    "page.settings": "Ajustes de la página",
    "page.mode_open": "Cualquiera: un asiento libre anunciado aquí",
    "page.clock": "Reloj",
    "page.clock_none": "Sin reloj",
    "page.clock_preset": "{minutes} min + {increment} s",
    "page.clock_other": "Otro...",
    "page.clock_initial": "Tiempo para cada uno (segundos)",
    "page.clock_increment": "Añadido por jugada (segundos)",
    "page.clock_of": "Reloj de {side}",
    "page.open_seats": "Jugar con cualquiera: asientos que esperan jugador",
    "page.none_seats": "Ahora no hay ningún asiento esperando jugador.",
    "page.join": "Jugar con {side}",
    "page.players": "Jugadores",
    "page.player_you": "usted",
    "page.player_person": "una persona",
    "page.player_computer": "el ordenador, nivel {level}",
    "page.player_open": "un asiento libre, esperando a quien lo ocupe",
    "page.here": "presente",
    "page.away": "ausente",
    "page.resign": "Abandonar",
    "page.resign_sure": "¿Abandonar esta partida?",
    "page.keep_playing": "Seguir jugando",
    "page.offer_draw": "Ofrecer tablas",
    "page.accept_draw": "Aceptar las tablas",
    "page.draw_offered": "Ha ofrecido tablas; esperando respuesta.",
    "page.draw_offered_to_you": "Su contrincante ofrece tablas.",
    "page.ask_undo": "Pedir deshacer",
    "page.accept_undo": "Permitir deshacer",
    "page.undo_asked": "Ha pedido deshacer su última jugada; esperando respuesta.",
    "page.undo_asked_of_you": "Su contrincante pide deshacer su última jugada.",
    "page.rematch": "Revancha",
    "page.accept_rematch": "Aceptar la revancha",
    "page.rematch_asked": "Ha pedido la revancha; esperando respuesta.",
    "page.rematch_asked_of_you": "Su contrincante pide la revancha.",
    "page.to_rematch": "Ir a la revancha",
    "page.decline": "Rechazar",
    "page.opponent_gone": "Su contrincante se ha ido hace un rato: puede reclamar la partida.",
    "page.claim_win": "Reclamar la victoria",
    "page.claim_draw": "Reclamar tablas",
    "page.link_you": "El enlace de su propio asiento (para seguir desde otro dispositivo):",
    "page.copy": "Copiar",
    "page.copied": "Copiado",
    "page.queued": "Su jugada {move} se enviará cuando vuelva la conexión.",
    "page.queued_stale": "La partida avanzó mientras estaba sin conexión, así que su jugada {move} no se envió.",
    "page.seat_elsewhere": "Este navegador ocupa otro asiento de esta partida: esta pestaña juega solo el asiento de este enlace.",
    "page.my_seat": "Volver a mi asiento",
    "web.serving": "damero sirve en {url} (partidas guardadas en {db}); Ctrl-C lo para.",
    "web.no_database": "No se puede usar la base de datos {url}: {why}",
    "web.memory_database": "La base de datos {url} estaría solo en memoria, distinta para cada conexión y perdida al parar: indique un fichero (sqlite:///RUTA) o una base de datos PostgreSQL.",
    "web.bad_port": "El puerto {port} no es uno en el que se pueda escuchar: elija uno del 1 al 65535.",
    "web.cannot_listen": "No se puede escuchar en {host}, puerto {port}: {why}",
    "web.address_in_use": "otro programa ya escucha en ese puerto",
    "web.unknown_host": "no se encuentra esa dirección",
    "analysis.over": "(la partida ha terminado)",
    "analysis.drawn": "tablas (la partida ha terminado)",
    "analysis.in_one_move": "con su próxima jugada",
    "analysis.in_moves": "en {count} jugadas: {winner} {winner_moves} y {loser} {loser_moves}",
    "cli.progress": "{seconds:.0f} s: {report}",
    "cli.preparing": "[{bar}] {percent:3.0f}% {seconds:4.0f} s  {step}",
    # --- la ayuda de la línea de órdenes ---
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
    "help.setup": "compila lo que necesitan los juegos, una sola vez (el motor del Othello), en lugar de al usarlo por primera vez",
    "help.setup_quiet": "no decir nada si ya está todo compilado",
    "cli.nothing_to_set_up": "Ya está todo compilado: no hay nada que hacer.",
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
    "help.abandon_after": (
        "cuánto puede ausentarse un jugador de una partida entre dos personas antes de que el "
        "otro pueda reclamarla (por omisión 300)"
    ),
    "help.play": "jugar ya, sin menú",
    "help.analyse": "escribe quién gana una posición y lo que vale cada jugada",
    "help.position": "la posición, escrita como en el ejemplo de abajo",
    "help.position_example": "Por ejemplo, la posición inicial:\n  {example}",
    "help.json": "escribe JSON para otros programas",
    "help.thinking_time": "tiempo para pensar (por omisión {seconds:g})",
    "help.lang": "idioma de todos los mensajes (por omisión: de LC_ALL, LC_MESSAGES o LANG; si no, en)",
    "help.plain": "sin colores, sin redibujar en su sitio, Intro tras cada tecla (también: con NO_COLOR)",
    "help.side": "quién juega con {side} (por omisión: persona)",
    "help.seat_metavar": "{{persona,ordenador}}",
    "help.bad_seat": "'{text}' no es ni persona ni ordenador",
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
    "help.bad_count": "'{text}' no es un número entero, 0 o más",
    "help.bad_integer": "'{text}' no es un número entero",
    "help.bad_delay": "'{text}' no es una pausa en segundos de 0 a {most:g}",
    # --- palabras añadidas por los mismos fallos ---
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
    "cli.not_here": "'{key}' no hace nada aquí: {expected}, o ? para ver la ayuda.",
    "cli.expect_file": "escriba el nombre de un fichero",
    "cli.expect_yes_no": "responda s (sí) o n (no)",
    "cli.yes_no_help": "Responda s (o sí) para decir que sí; n, o cualquier otra cosa, es que no.",
    "menu.type_a_number": "Escriba uno de los números que se muestran.",
    "analysis.review_heading": "{title}: {count} jugadas y lo que da el mejor juego tras cada una",
    "analysis.review_heading_one": "{title}: una jugada y lo que da el mejor juego tras ella",
    "analysis.review_no_moves": "{title}: la partida no tiene jugadas que revisar.",
    "analysis.review_move": "{number:>3}. {side:<9} {move:<6} {meaning}",
    "analysis.review_forced": "hecha por las reglas, no se juzga",
    "analysis.review_mistake": "Un error: antes de ella, {before}; la mejor era {best}",
    "analysis.review_no_mistakes": "Ningún error.",
    "analysis.review_one_mistake": "Un error: la jugada {number}.",
    "analysis.review_mistakes": "{count} errores: las jugadas {numbers}.",
    "analysis.review_progress": "posición {done} de {count}",
    "help.review": (
        "escribe las jugadas de un fichero de partida, cada una con su valor, y señala los errores"
    ),
    "help.review_seconds": (
        "el tiempo máximo para pensar cada posición (por omisión {seconds:g}); un final de "
        "Othello que tarde más se estima"
    ),
    "web.analysis_in_play": (
        "Una partida entre dos personas no se analiza mientras se juega: pídalo de nuevo cuando "
        "termine."
    ),
    "web.analysis_busy": (
        "El servidor está analizando demasiadas posiciones ahora: pida otro análisis dentro de un "
        "momento."
    ),
    "web.too_many_analyses": (
        "Demasiados análisis pedidos desde su dirección: espere {seconds} s y vuelva a intentarlo."
    ),
    "web.options_disagree": "Esa posición tiene {what} {found}, no {given}.",
    "analysis.label_win": "G{plies}",
    "analysis.label_loss": "P{plies}",
    "analysis.label_draw": "T",
    "analysis.label_discs": "{discs:+d}",
    "analysis.label_estimate": "≈{discs:+.1f}",
    "web.no_editor": "Las posiciones de este juego no se preparan a mano.",
    "web.too_many_live_analyses": (
        "Su dirección ya tiene {count} tableros de análisis abiertos: cierre uno y vuelva a intentarlo."
    ),
    "page.analyse": "Analizar",
    "page.analysis_title": "Tablero de análisis",
    "page.analysis_game": "El juego que analizar",
    "page.analysing": "Analizando...",
    "page.deepening": "Una estimación; mirando más lejos (paso {step})...",
    "page.estimate": "Una estimación.",
    "page.exact": "Exacto.",
    "page.stop": "Parar",
    "page.move_values": "El valor de cada jugada, la mejor primero",
    "page.edit": "Preparar una posición",
    "page.edit_done": "Analizar esta posición",
    "page.editor_help": "Elija una pieza y pulse una casilla para ponerla; púlsela otra vez para quitarla.",
    "page.remove": "Quitar",
    "page.side_to_move": "Mueve:",
    "page.clear": "Tablero vacío",
    "page.start_position": "Posición inicial",
    "page.previous_position": "Posición anterior",
    "page.analyse_position": "Analizar esta posición",
    "page.analyse_game": "Analizar la partida",
    "page.values_line": "El valor tras cada jugada, para {side}: arriba es mejor para {side}",
    "page.mistakes": "Errores: {moves}",
    "page.no_mistakes": "Ningún error.",
    "page.mistake": "un error",
    "page.mistake_move": "jugada {number} ({move}, {side})",
}


ARGPARSE: dict[str, str] = {
    "usage: ": "uso: ",
    "positional arguments": "argumentos",
    "options": "opciones",
    "subcommands": "subórdenes",
    "show this help message and exit": "muestra esta ayuda y termina",
    "%(prog)s: error: %(message)s\n": "%(prog)s: error: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "argumento %(argument_name)s: %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "elección no válida: %(value)r (elija entre %(choices)s)"
    ),
    "invalid %(type)s value: %(value)r": "valor de tipo %(type)s no válido: %(value)r",
    "unrecognized arguments: %s": "argumentos desconocidos: %s",
    "the following arguments are required: %s": "faltan estos argumentos: %s",
    "one of the arguments %s is required": "hace falta uno de los argumentos %s",
    "not allowed with argument %s": "no se admite junto con el argumento %s",
    "ambiguous option: %(option)s could match %(matches)s": (
        "opción ambigua: %(option)s puede ser %(matches)s"
    ),
    "expected one argument": "se esperaba un argumento",
    "expected at most one argument": "se esperaba un argumento como mucho",
    "expected at least one argument": "se esperaba al menos un argumento",
    "expected %s argument": "se esperaba %s argumento",
    "expected %s arguments": "se esperaban %s argumentos",
    "ignored explicit argument %r": "se descarta el argumento explícito %r",
    "unexpected option string: %s": "opción inesperada: %s",
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "orden desconocida %(parser_name)r (elija entre %(choices)s)"
    ),
    "can't open '%(filename)s': %(error)s": "no se puede abrir '%(filename)s': %(error)s",
    'argument "-" with mode %r': 'argumento "-" con el modo %r',
    ".__call__() not defined": ".__call__() no está definido",
    "'required' is an invalid argument for positionals": (
        "'required' no vale para los argumentos posicionales"
    ),
    "mutually exclusive arguments must be optional": (
        "los argumentos mutuamente excluyentes deben ser opcionales"
    ),
    "%r is not callable": "%r no se puede llamar",
    "cannot merge actions - two groups are named %r": (
        "no se pueden unir las acciones: hay dos grupos llamados %r"
    ),
    "invalid option string %(option)r: must start with a character %(prefix_chars)r": (
        "opción %(option)r no válida: debe empezar por el carácter %(prefix_chars)r"
    ),
    "dest= is required for options like %r": "dest= es obligatorio en opciones como %r",
    "invalid conflict_resolution value: %r": "valor de conflict_resolution no válido: %r",
    "cannot have multiple subparser arguments": "no puede haber varios argumentos de subórdenes",
    "conflicting subparser: %s": "suborden en conflicto: %s",
    "conflicting subparser alias: %s": "alias de suborden en conflicto: %s",
    "conflicting option string: %s": "opción en conflicto: %s",
    "conflicting option strings: %s": "opciones en conflicto: %s",
}
"""argparse's own words (its usage line, headings and errors) by the English text it asks gettext
for, as gettext keys them; English needs no table. The words of a program's own mistakes with
argparse are here too, so that every text argparse has is."""
