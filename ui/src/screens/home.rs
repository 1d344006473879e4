//! Home's presenter: the next game's choices (game, opponent, colour, rule options) and the
//! unfinished game's card pushed into `HomeAdapter`; the player's choices as messages.

use super::{send, send_with, Command, Ctx, LastGame, Msg as M, Sender};
use crate::board::art::{Art, Board, PieceArt};
use crate::board::coords::{segments, Segment};
use crate::opponent::Opponent;
use crate::store::NewGame;
use crate::window::{
    capture_kind, end_reason, game_id, game_kind, move_number, option_kind, strings, winner,
};
use crate::{AppWindow, BoardSides, HomeAdapter, OptionVm, PuzzleAdapter, Theme};
use dama_core::rules::{options_of, RuleOption};
use dama_core::{BoardKind, Geometry};
use dama_core::{GameId, Rules, Session};
use slint::{ComponentHandle, ModelRc, VecModel};

/// The options Home offers for `game`: the table's stored options, in its order.
pub(crate) fn home_options(game: GameId) -> impl Iterator<Item = &'static RuleOption> {
    options_of(game).filter(|o| o.stored)
}

/// The next game's choices into the window: game, opponent, colour, and the game's options.
pub(crate) fn show(ui: &AppWindow, new_game: &NewGame) {
    let home = ui.global::<HomeAdapter>();
    home.set_game(game_kind(new_game.game));
    home.set_opponent(new_game.opponent.number().into());
    home.set_default_level(Opponent::DEFAULT_LEVEL.into());
    home.set_play_black(new_game.play_black);
    show_options(ui, &new_game.rules());
}

/// Home's option rows and the options in force (for its rules screen), from `rules`.
pub(crate) fn show_options(ui: &AppWindow, rules: &Rules) {
    let home = ui.global::<HomeAdapter>();
    let rows: Vec<OptionVm> = home_options(rules.game())
        .filter_map(|o| {
            Some(OptionVm {
                kind: option_kind(o)?,
                selected: o.value_in(rules) as i32,
            })
        })
        .collect();
    home.set_options(ModelRc::new(VecModel::from(rows)));
    home.set_capture(capture_kind(rules.capture()));
    home.set_options_in_force(strings(rules.options()));
}

/// The card of the unfinished game, if there is one.
pub(crate) fn show_unfinished(ui: &AppWindow, game: Option<&Session>) {
    let home = ui.global::<HomeAdapter>();
    home.set_can_resume(game.is_some());
    if let Some(g) = game {
        home.set_resume_game(game_kind(g.rules().game()));
        let (number, white) = move_number(g.record());
        home.set_resume_move(number);
        home.set_resume_white_to_move(white);
    }
}

/// The line about the last finished game: which game and how it ended.
pub(crate) fn show_last(ui: &AppWindow, last: Option<LastGame>) {
    let home = ui.global::<HomeAdapter>();
    home.set_has_last(last.is_some());
    if let Some((game, o, human)) = last {
        home.set_last_game(game_kind(game));
        home.set_last_winner(winner(o.winner()));
        home.set_last_human_side(winner(human));
        home.set_last_reason(end_reason(Some(o.reason())));
    }
}

/// What the player does on Home.
pub(crate) enum Msg {
    /// *Play*.
    StartGame,
    /// The unfinished game's card.
    Resume,
    /// A game chosen.
    ChooseGame(crate::GameKind),
    /// The opponent: 0 two players, 1..=8 the computer's level.
    ChooseOpponent(i32),
    /// The player's colour against the computer.
    ChoosePlayBlack(bool),
    /// The rule option in `row` set to the table's value `value`.
    ChooseOption(i32, i32),
}

/// Home: its choices are the app's settings (`Ctx`), changed by a `Command`.
pub(crate) struct HomeScreen;

impl HomeScreen {
    /// What `msg` changes of Home's choices, shown and kept; or the game to start.
    pub(crate) fn update(&mut self, ui: &AppWindow, msg: Msg, cx: &Ctx) -> Vec<Command> {
        let mut settings = cx.settings.clone();
        match choose(&mut settings.new_game, msg) {
            Err(command) => vec![command],
            Ok(true) => {
                show(ui, &settings.new_game);
                vec![Command::ChangeSettings(Box::new(settings))]
            }
            Ok(false) => Vec::new(),
        }
    }
}

/// Home's choices changed by `msg` (true when they did), or what the app must do.
fn choose(new_game: &mut NewGame, msg: Msg) -> Result<bool, Command> {
    match msg {
        Msg::StartGame => return Err(Command::StartChosenGame),
        Msg::Resume => return Err(Command::Resume),
        Msg::ChooseGame(g) => new_game.game = game_id(g),
        Msg::ChooseOpponent(o) => new_game.opponent = Opponent::from(o.clamp(0, 8) as u8),
        Msg::ChoosePlayBlack(black) => new_game.play_black = black,
        Msg::ChooseOption(row, value) => {
            // The other family's choices are kept for when the player goes back to it.
            let mut rules = new_game.rules();
            let Some(option) = home_options(new_game.game).nth(row.max(0) as usize) else {
                return Ok(false);
            };
            if option.apply(&mut rules, value.max(0) as usize).is_err() {
                return Ok(false);
            }
            new_game.options = new_game.options.updated_from(&rules);
        }
    }
    Ok(true)
}

/// Wires Home's callbacks: each sends its message.
pub(crate) fn connect(ui: &AppWindow, tx: &Sender) {
    let home = ui.global::<HomeAdapter>();
    home.on_start_game(send(tx, || M::Home(Msg::StartGame)));
    home.on_resume(send(tx, || M::Home(Msg::Resume)));
    home.on_choose_game(send_with(tx, |g| M::Home(Msg::ChooseGame(g))));
    home.on_choose_opponent(send_with(tx, |o| M::Home(Msg::ChooseOpponent(o))));
    home.on_choose_play_black(send_with(tx, |b| M::Home(Msg::ChoosePlayBlack(b))));
    let tx = tx.clone();
    home.on_choose_option(move |row, value| tx(M::Home(Msg::ChooseOption(row, value))));
}

/// The art of the boards Home may open next, in a room (a screen's size, logical pixels)
/// `width` × `height`, as the window will lay them out and in the theme of the moment: the
/// game chosen, the unfinished game, and the puzzles' next (their board is the lessons'
/// too, but on a short phone). Each board of one kind and size once.
pub(crate) fn boards_ahead(ui: &AppWindow, width: f32, height: f32) -> Vec<(Art, [PieceArt; 4])> {
    let home = ui.global::<HomeAdapter>();
    let sides = ui.global::<BoardSides>();
    let scale = ui.window().scale_factor();
    let is_squares = |kind| Geometry::of(game_id(kind).board()).kind() == BoardKind::Squares8;
    let game_side = |kind| sides.invoke_game(width, height, is_squares(kind));
    // The puzzles' board (the lessons' too but on a short phone) is laid out in whole
    // physical pixels.
    let panel_side = (sides.invoke_puzzle(width, height) * scale).round() / scale;
    let mut wanted = vec![(home.get_game(), game_side(home.get_game()))];
    if home.get_can_resume() {
        wanted.push((home.get_resume_game(), game_side(home.get_resume_game())));
    }
    // Puzzles opens on Home's game when that changed since it last opened.
    let puzzles = ui.global::<PuzzleAdapter>();
    let puzzle_game = if puzzles.get_opened() && puzzles.get_opened_with() == home.get_game() {
        puzzles.get_game()
    } else {
        home.get_game()
    };
    wanted.push((puzzle_game, panel_side));
    let mut boards: Vec<(Board, Vec<Segment>)> = Vec::new();
    for (kind, side) in wanted {
        let g = Geometry::of(game_id(kind).board());
        let squares = g.kind() == BoardKind::Squares8;
        // As `Board` in board.slint lays it out: the playing area 95 % of the side on the
        // Turkish board, the whole side on a point board, in whole physical pixels.
        let area = if squares { 0.95 } else { 1.0 };
        let board = Board {
            width: (side * area / (1.0 / scale)).round(),
            size: g.size() as i32,
            squares,
        };
        if !boards.iter().any(|(b, _)| *b == board) {
            boards.push((board, segments(g, false)));
        }
    }
    let theme = ui.global::<Theme>();
    let wood = [
        theme.get_board(),
        theme.get_board_edge(),
        theme.get_board_line(),
    ];
    let white = [
        theme.get_white_piece(),
        theme.get_white_piece_edge(),
        theme.get_crown(),
    ];
    let black = [
        theme.get_black_piece(),
        theme.get_black_piece_edge(),
        theme.get_crown(),
    ];
    boards
        .into_iter()
        .map(|(board, lines)| {
            let art = board.art(board.width, lines, scale, wood, theme.get_board_style());
            let pieces = [
                board.piece(white, false),
                board.piece(black, false),
                board.piece(white, true),
                board.piece(black, true),
            ];
            (art, pieces)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 40: Home's choices change only what the player chose; the rule options of one
    // family are kept when the other family is chosen; Play and Resume go to the app.
    #[test]
    fn homes_choices_are_kept() {
        let mut n = NewGame::default();
        assert!(matches!(
            choose(&mut n, Msg::StartGame),
            Err(Command::StartChosenGame)
        ));
        assert!(matches!(choose(&mut n, Msg::Resume), Err(Command::Resume)));
        assert!(matches!(
            choose(&mut n, Msg::ChooseGame(crate::GameKind::Zamma)),
            Ok(true)
        ));
        assert_eq!(n.game, GameId::Zamma);
        assert!(matches!(choose(&mut n, Msg::ChooseOpponent(0)), Ok(true)));
        assert_eq!(n.opponent, Opponent::TwoPlayers);
        choose(&mut n, Msg::ChooseOpponent(99)).ok();
        assert_eq!(n.opponent, Opponent::Computer(8));
        choose(&mut n, Msg::ChoosePlayBlack(true)).ok();
        assert_eq!(n.human(), dama_core::Color::Black);
        let before = n.rules();
        let rows = home_options(GameId::Zamma).count() as i32;
        assert!(rows > 0);
        assert!(matches!(choose(&mut n, Msg::ChooseOption(0, 1)), Ok(true)));
        assert_ne!(n.rules(), before, "the first option changed");
        let zamma = n.rules();
        assert!(matches!(
            choose(&mut n, Msg::ChooseOption(rows, 0)),
            Ok(false)
        ));
        choose(&mut n, Msg::ChooseGame(crate::GameKind::Turkish)).ok();
        choose(&mut n, Msg::ChooseGame(crate::GameKind::Zamma)).ok();
        assert_eq!(
            n.rules(),
            zamma,
            "Zamma's options kept across a visit to Turkish Dama"
        );
    }
}
