//! `dama help`: the list of commands, and what each one does.

pub(crate) const USAGE: &str = "usage:
  dama perft <depth> --game <id> [--position <code>] [--option k=v]... [--paths] [--divide] [--threads N]
  dama moves --game <id> [--position <code>] [--option k=v]...
  dama status --game <id> [--position <code>] [--option k=v]...
  dama go --game <id> [--position <code>] [--option k=v]... [--level N | --depth D | --movetime MS | --nodes N] [--seed S]
  dama engine
  dama match --game <id> [--option k=v]... --a <spec> --b <spec> --games N [--movetime MS] [--threads N]
      spec: random | level=N | limits joined by commas: depth=N, nodes=N, movetime=MS, variety=N (e.g. nodes=100000,variety=10)
  dama tune --game <id> [--option k=v]... [--games N] [--level 1-6] [--threads N]
  dama analyse <record file | -> [--nodes N]
  dama puzzles --game <id> [--count N] [--seed S] [--depth D] [--games N] [--minutes M] [--threads N] [--pool FILE]
  dama puzzles --game <id> --verify <bank file> | --from <bank file> | --merge <bank file>  (repeat --from or --merge for more files)
  dama tables generate|stats [<material> | all] [--option k=v]... [--verify]
  dama tables probe <position code> [--option k=v]...
  dama tables verify|convert [<material>] [--depth D --samples N | --games N --nodes N|--movetime MS --plies N]
  dama tables speed <position code> [--nodes N]
  dama help [<command>]   (or dama <command> --help)";

/// `dama <command> --help`: what each command does, its flags and an example.
pub(crate) const COMMANDS: [(&str, &str); 11] = [
    (
        "perft",
        "dama perft <depth> --game <id> [--position <code>] [--option k=v]... [--paths] [--divide] [--threads N]
  Counts the leaf positions <depth> plies ahead (R-0.7a), merged moves by default (R-0.7).
  --paths     count every capture route instead of merged moves
  --divide    print the count under each legal move
  --threads N split the work over N threads (1 to 256)
  Prints the count on stdout, the time and speed on stderr.
  example: dama perft 6 --game zamma --option capture=huffing",
    ),
    (
        "moves",
        "dama moves --game <id> [--position <code>] [--option k=v]...
  Prints the legal moves of the position, one per line, sorted, in canonical notation.
  example: dama moves --game turkish --position 'W:WKe1:Bc5,b4,e3,g3'",
    ),
    (
        "status",
        "dama status --game <id> [--position <code>] [--option k=v]...
  Prints `ongoing`, `white wins: <reason>`, `black wins: <reason>` or `draw: <reason>`.
  example: dama status --game turkish --position 'W:WKa1:Bh8'",
    ),
    (
        "go",
        "dama go --game <id> [--position <code>] [--option k=v]... [--level N | --depth D | --movetime MS | --nodes N] [--seed S]
  Searches the position and prints `info` lines, then `bestmove <move>`.
  --level N     the app's levels 1 (weakest) to 8 (default)
  --depth D     fixed depth, 1 to 64
  --movetime MS time per move in milliseconds
  --nodes N     node budget
  --seed S      the seed of the weaker levels' noise (default 1)
  example: dama go --game zamma --movetime 500",
    ),
    (
        "engine",
        "dama engine
  A line protocol on stdin/stdout for other programs (see docs/cli.md): game, position, moves,
  go, stop, legal, status, code, isready, quit. Errors are answered `error <text>`.
  example: printf 'game zamma\\ngo depth 6\\n' | dama engine",
    ),
    (
        "match",
        "dama match --game <id> [--option k=v]... --a <spec> --b <spec> --games N [--movetime MS] [--threads N]
  Plays N games between two players, colours alternating, and prints wins/draws/losses and Elo.
  spec: random | level=N | depth=N | nodes=N | movetime=MS
  --movetime MS caps both players' time per move
  example: dama match --game turkish --a level=8 --b level=7 --games 20 --threads 2",
    ),
    (
        "help",
        "dama help [<command>]
  Prints the list of commands, or what one command does (the same as `dama <command> --help`).
  example: dama help perft",
    ),
    (
        "tune",
        "dama tune --game <id> [--option k=v]... [--games N] [--level 1-6] [--threads N]
  Fits the evaluation weights to self-play games (Texel-style) and prints them as Rust.
  example: dama tune --game zamma --games 200 --threads 2",
    ),
    (
        "analyse",
        "dama analyse <record file | -> [--nodes N]
  Reviews a game (the app's JSON record or PDN; - reads stdin) as the app's review does: the
  evaluation after every move (White's side, in men, capped at 10), the mistakes (15 % or
  more of the expected result lost against the engine's best: about a man from level) and
  blunders (33 % or more), with the best move, and each side's count.
  --nodes N  the search per position (default 150000: the same review on every machine;
             games over 64 positions share 64 positions' worth, at least N/8 each)
  example: dama analyse game.pdn --nodes 300000",
    ),
    (
        "puzzles",
        "dama puzzles --game <id> [--count N] [--seed S] [--depth D] [--games N] [--minutes M] [--threads N] [--pool FILE]
dama puzzles --game <id> --verify <bank file> [--depth D] [--threads N]
dama puzzles --game <id> --from <bank file> [--from <bank file>]... [--depth D] [--threads N]
dama puzzles --game <id> --merge <bank file> [--merge <bank file>]... [--count N] [--keep-all]
  Makes a puzzle bank from engine games and prints it (the app's bank format): positions
  with three moves or more where one move is at least two men better than any other at
  depth D, with the line that follows (each player's move in it the only good one), ending
  two men up or won (or level: a defence), checked two plies deeper; the clock far from its
  limit. The same seed and depth give the same bank on every machine and thread count.
  What it took goes to stderr. --verify checks every puzzle of a bank again; --from
  examines another bank's positions again by these rules; --merge joins banks (a position
  once) and keeps N, the longer lines first, at least 40 % of two moves or more (with
  --keep-all, every puzzle of the banks).
  --count N   puzzles (default 300)     --seed S   the first game's seed (default 1)
  --depth D   the proving depth (default 8)   --games N  games at most (default 20000)
  --minutes M no new games after M minutes (the bank is chosen from what was found)
  --pool FILE every puzzle found written there too, as a bank (to --merge with others)
  example: dama puzzles --game zamma --count 300 --threads 2 > zamma.txt",
    ),
    (
        "tables",
        "dama tables generate|stats|probe|verify|convert|speed ... [--option k=v]...
  The Turkish endgame tables (docs/tables.md): every ending of up to three pieces, KKKvK,
  KKvKK and KKvKM (a material: White's pieces, v, Black's; K a king, M a man).
  generate|stats [<material> | all] [--verify]
              makes the tables (all by default) and prints entries, bytes, positions, wins,
              draws, losses (for the side to move), the longest win in plies and the time;
              --verify checks each against its moves, its mirror and its colour reversal
  probe <code>  the position's value (`win in 7`, `draw`, `loss in 4`) and each move's
  verify [<material>] [--depth D] [--samples N]
              a plain search to the end agrees with the table on N random positions
  convert [<material>] [--games N] [--nodes N | --movetime MS] [--plies N]
              won positions played out engine against engine (N nodes a move, or level 8
              with MS a move), with and without the tables
  speed <code> [--nodes N]   the search's nodes a second with and without the tables
  example: dama tables probe 'W:WKa1,Kc3:Bc5'",
    ),
];

/// The help of one command, or `None` for an unknown one.
pub(crate) fn command_help(name: &str) -> Option<String> {
    COMMANDS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, h)| format!("{h}\n{}", games_and_options()))
}

/// The games, their options (from the rules' option table) and the position code.
pub(crate) fn games_and_options() -> String {
    format!(
        "games: turkish, zamma, damma, fetaix, kharbaga
options (--option key=value, the first value is the default), see docs/RULES.md:
{}position code: W:Wa2,b2,Kd5:Ba7,Kh8[:clock=N][:last=a-b/c-d][:huff=d4,...]",
        dama_core::rules::options_help()
    )
}
