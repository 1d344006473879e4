//! Puzzles: the bundled banks (one a game, each read the first time it is shown, not at
//! start-up; the Zamma family's offered is that of the game chosen on Home), the puzzle nearest the player's rating among those not yet tried,
//! the daily puzzle, and the play of one puzzle (`play::puzzle`) on the board. Each first
//! attempt moves the player's rating and the puzzle's (Glicko-2); the progress is saved.

use super::{send, send_with, Command, Ctx, Msg as M, Sender};
use crate::play::puzzle::{Solving, State, Step, Why};
use crate::store::PuzzleProgress;
use crate::window::board::{self, BoardView, Play, Seat, Shown};
use crate::window::{game_id, game_kind};
use crate::{AppWindow, GameKind, PuzzleAdapter, PuzzleState, Screen};
use dama_core::puzzle::{self, Entry, Theme};
use dama_core::{Color, GameId, Point, Rules};
use slint::{ComponentHandle, ModelRc};

/// What the player does on the Puzzles screen.
pub(crate) enum Msg {
    /// The screen opened (from Home).
    Show,
    /// A game's bank chosen (Turkish Dama's, or the Zamma family's offered).
    ChooseGame(GameKind),
    /// A point of the board tapped (index, offset from its centre, cell size).
    Tapped(i32, f32, f32, f32),
    /// *Hint*.
    Hint,
    /// *Solution*: the line's next move played for the player.
    Solution,
    /// *Next puzzle*.
    Next,
    /// *Daily puzzle*.
    Daily,
    /// A theme to practise chosen from the list (an index of [`Theme::ALL`], -1 every
    /// puzzle).
    ChooseTheme(i32),
    /// The pause before the opponent's reply is over.
    ReplyDue,
}

/// The screen's state: the banks read so far, the progress, the puzzle on the board.
pub(crate) struct PuzzleScreen {
    game: GameId,
    /// The Zamma family's game whose bank is offered beside Turkish Dama's: the one last
    /// chosen on Home.
    zamma_game: GameId,
    /// Home's game when the screen last opened.
    home_seen: Option<GameId>,
    /// The theme practised: the next puzzles are of it.
    theme: Option<Theme>,
    /// The theme the player chose: practised again on a bank that has it (a bank without
    /// it practises every theme meanwhile).
    chosen_theme: Option<Theme>,
    /// The banks read so far, by game ([`GameId`]'s order).
    banks: [Option<Vec<Entry>>; 5],
    progress: Option<PuzzleProgress>,
    solving: Option<Solving>,
    /// The puzzle on the board is today's.
    daily: bool,
    /// What the last rated attempt changed the rating by.
    change: Option<i32>,
    /// The hint's route, while it is shown.
    hint: Option<Vec<Point>>,
    board: BoardView,
}

/// The bank of `game`, split into its entries: each puzzle's
/// position and line are read only when it is shown (reading all 300 made opening the screen
/// twice as slow as the frame budget).
fn read_bank(game: GameId) -> Vec<Entry> {
    let text = puzzle::bundled(game);
    // The banks are checked by the core's tests; a damaged one shows no puzzles.
    puzzle::index_bank(text).unwrap_or_default()
}

impl PuzzleScreen {
    /// Nothing read yet.
    pub(crate) fn new() -> PuzzleScreen {
        PuzzleScreen {
            game: GameId::Turkish,
            zamma_game: GameId::Zamma,
            home_seen: None,
            theme: None,
            chosen_theme: None,
            banks: Default::default(),
            progress: None,
            solving: None,
            daily: false,
            change: None,
            hint: None,
            board: BoardView::new(),
        }
    }

    fn bank(&mut self) -> &[Entry] {
        let game = self.game;
        self.banks[bank_index(game)].get_or_insert_with(|| read_bank(game))
    }

    /// Another game's bank on the board; the theme chosen practised there if it has it.
    fn switch_to(&mut self, game: GameId) {
        self.game = game;
        self.change = None;
        self.solving = None;
        let wanted = self.chosen_theme;
        self.theme = wanted.filter(|t| self.bank().iter().any(|p| p.themes.contains(t)));
        self.next();
    }

    fn progress(&mut self) -> &mut PuzzleProgress {
        self.progress.get_or_insert_with(PuzzleProgress::default)
    }

    /// Puts puzzle `i` of the bank on the board.
    fn start(&mut self, i: usize, daily: bool) {
        let rules = Rules::new(self.game);
        let Some(p) = self.bank().get(i).and_then(|e| e.puzzle(rules).ok()) else {
            self.solving = None;
            return;
        };
        self.solving = Some(Solving::new(p));
        self.daily = daily;
        self.hint = None;
    }

    fn current_index(&mut self) -> Option<usize> {
        let id = self.solving.as_ref()?.puzzle().id.clone();
        self.bank().iter().position(|p| p.id == id)
    }

    /// The next puzzle for the player.
    fn next(&mut self) {
        let current = self.current_index();
        let game = self.game;
        let theme = self.theme;
        let track = self.progress().track(game).clone();
        let i = puzzle::next(
            self.bank(),
            theme,
            &|id| track.tried.contains_key(id),
            track.rating.rating,
            current,
        );
        if let Some(i) = i {
            self.start(i, false);
        }
    }

    /// Today's puzzle of this bank.
    fn daily(&mut self) {
        if let Some(i) = puzzle::daily(self.bank().len(), puzzle::today()) {
            self.start(i, true);
        }
    }

    /// Rates the attempt once its result is known (a first attempt only); whether the
    /// progress changed.
    fn rate(&mut self) -> bool {
        let Some(s) = &self.solving else { return false };
        let Some(solved) = s.result() else {
            return false;
        };
        let (id, start) = (s.puzzle().id.clone(), s.puzzle().rating);
        let daily = self.daily && solved;
        let game = self.game;
        let track = self.progress().track(game);
        let before = track.rating.rating;
        let rated = track.rate(&id, start, solved);
        let after = track.rating.rating;
        let daily_now = daily && track.daily_solved != Some(puzzle::today());
        if daily_now {
            track.daily_solved = Some(puzzle::today());
        }
        if rated {
            self.change = Some((after - before).round() as i32);
        }
        rated || daily_now
    }

    /// Handles a message; returns the screen to show and the save it needs.
    pub(crate) fn update(&mut self, ui: &AppWindow, msg: Msg, cx: &Ctx) -> Vec<Command> {
        let mut changed = false;
        let mut out = Vec::new();
        match msg {
            Msg::Show => {
                // The progress is read the first time the screen opens, not at start-up.
                if self.progress.is_none() {
                    self.progress = Some(cx.store.load_puzzles());
                }
                out.push(Command::Navigate(Screen::Puzzles));
                // The bank of the game chosen on Home, when that choice is new; the Zamma
                // family's offered is that game's.
                let home = cx.settings.new_game.game;
                if home != GameId::Turkish {
                    self.zamma_game = home;
                }
                if self.home_seen.replace(home) != Some(home) && home != self.game {
                    self.switch_to(home);
                } else if self.solving.is_none() {
                    self.next();
                }
            }
            Msg::ChooseGame(g) => {
                let g = game_id(g);
                if g != self.game {
                    self.switch_to(g);
                }
            }
            Msg::Tapped(i, dx, dy, cell) => {
                if let Some(s) = &mut self.solving {
                    let aimed =
                        self.board
                            .aim(i.max(0) as usize, (dx, dy), cell, Some(s.selection()));
                    if let Some(Step::Played(_)) = aimed.map(|p| s.tap(p)) {
                        self.hint = None;
                        changed = self.rate();
                    }
                }
            }
            Msg::Hint => {
                if let Some(s) = &mut self.solving {
                    self.hint = s.hint();
                    changed = self.rate();
                }
            }
            Msg::Solution => {
                if let Some(s) = &mut self.solving {
                    self.hint = None;
                    s.show_next();
                    changed = self.rate();
                }
            }
            Msg::ReplyDue => {
                if let Some(s) = &mut self.solving {
                    s.reply();
                }
            }
            Msg::Next => {
                self.change = None;
                self.next();
            }
            Msg::Daily => {
                self.change = None;
                self.daily();
            }
            Msg::ChooseTheme(t) => {
                self.theme = usize::try_from(t)
                    .ok()
                    .and_then(|t| Theme::ALL.get(t).copied());
                self.chosen_theme = self.theme;
                // A puzzle of the theme, unless the one on the board is of it and unsolved.
                let keep = self.solving.as_ref().is_some_and(|s| {
                    s.state() != State::Solved
                        && !self.daily
                        && self.theme.is_none_or(|t| s.puzzle().themes.contains(&t))
                });
                if !keep {
                    self.change = None;
                    self.next();
                }
            }
        }
        self.show(ui);
        if changed {
            out.push(Command::SavePuzzles(Box::new(self.progress().clone())));
        }
        out
    }

    /// The puzzle on the board: its id and its line, each move as the labels of its route
    /// (what a player taps; for tests and the platforms' self-tests).
    pub(crate) fn shown(&self) -> Option<(String, Vec<Vec<String>>)> {
        let p = self.solving.as_ref()?.puzzle();
        let g = p.start.geometry();
        let mut pos = p.start.clone();
        let mut routes = Vec::new();
        for m in &p.line {
            let path = pos.move_path(m)?;
            routes.push(path.iter().map(|&q| g.label(q).to_string()).collect());
            pos.play_unchecked(m);
        }
        Some((p.id.clone(), routes))
    }

    /// Everything into the window.
    pub(crate) fn show(&mut self, ui: &AppWindow) {
        let a = ui.global::<PuzzleAdapter>();
        let game = self.game;
        a.set_game(game_kind(game));
        a.set_zamma_game(game_kind(self.zamma_game));
        // For Home, which paints ahead the board Puzzles will open on.
        a.set_opened(self.home_seen.is_some());
        a.set_opened_with(game_kind(self.home_seen.unwrap_or(GameId::Turkish)));
        let track = self.progress().track(game).clone();
        a.set_rating(track.rating.shown());
        a.set_provisional(track.rating.provisional());
        a.set_rated(self.change.is_some());
        a.set_change(self.change.unwrap_or(0));
        a.set_solved_count(track.solved() as i32);
        a.set_tried_count(track.tried.len() as i32);
        a.set_daily(self.daily);
        a.set_daily_solved(track.daily_solved == Some(puzzle::today()));
        let index = |t: &Theme| {
            Theme::ALL
                .iter()
                .position(|a| a == t)
                .map_or(-1, |i| i as i32)
        };
        a.set_theme(self.theme.as_ref().map_or(-1, index));
        let counts = puzzle::theme_counts(self.bank());
        let offered = (0..counts.len())
            .filter(|&i| counts[i] > 0)
            .map(|i| i as i32);
        a.set_theme_offered(ModelRc::from(offered.collect::<Vec<_>>().as_slice()));
        let counts: Vec<i32> = counts.iter().map(|&n| n as i32).collect();
        a.set_theme_counts(ModelRc::from(counts.as_slice()));
        a.set_bank_count(self.bank().len() as i32);
        let Some(s) = &self.solving else {
            // A bank that did not read (the core's tests check the bundled ones): no board.
            self.board.clear();
            a.set_state(PuzzleState::Solved);
            return;
        };
        let pos = s.game().position();
        let last = s.last_path();
        let piece = |p| pos.piece_at(p);
        // The player's side at the bottom: the side to find the moves.
        let flipped = board::flipped(Seat::Player(s.puzzle().start.side_to_move()));
        self.board.show(&Shown {
            play: Some(Play::of(s.selection(), s.state() == State::Solving)),
            last: last.as_deref(),
            hint: self.hint.as_deref(),
            ..Shown::still(pos.geometry(), flipped, &piece)
        });
        a.set_board(self.board.vm());
        a.set_white_to_move(s.puzzle().start.side_to_move() == Color::White);
        a.set_state(match s.state() {
            State::Solving => PuzzleState::Solving,
            State::Replying => PuzzleState::Replying,
            State::Solved => PuzzleState::Solved,
        });
        a.set_missed(s.missed());
        a.set_helped(s.hinted());
        a.set_showing(s.showing());
        let (last, white) = crate::window::last_move(s.game().record());
        a.set_last_move(last);
        a.set_last_white(white);
        // What a hint or the solution would cost this first attempt, said before: the loss
        // rated on a copy of the track (nothing is rated until the player asks).
        let cost = if s.clean() && s.state() == State::Solving {
            let mut trial = track.clone();
            let before = trial.rating.rating;
            trial
                .rate(&s.puzzle().id, s.puzzle().rating, false)
                .then(|| (before - trial.rating.rating).round() as i32)
        } else {
            None
        };
        a.set_help_cost(cost.unwrap_or(0).max(0));
        let (why, count, crowns) = match s.why() {
            None => (0, 0, false),
            Some(Why::WinsTheGame) => (1, 0, false),
            Some(Why::Wins(n, c)) => (2, n as i32, c),
            Some(Why::Crowns) => (3, 0, true),
            Some(Why::Best) => (4, 0, false),
            Some(Why::Holds) => (5, 0, false),
        };
        let themes: Vec<i32> = s.puzzle().themes.iter().map(index).collect();
        a.set_themes(ModelRc::from(themes.as_slice()));
        a.set_why(why);
        a.set_why_count(count);
        a.set_why_crowns(crowns);
        let (found, to_find) = s.progress();
        a.set_found(found as i32);
        a.set_to_find(to_find as i32);
        a.set_puzzle_rating(
            track
                .tried
                .get(&s.puzzle().id)
                .map(|t| t.rating.shown())
                .unwrap_or(s.puzzle().rating as i32),
        );
    }
}

/// Where `game`'s bank is kept among the banks read.
fn bank_index(game: GameId) -> usize {
    match game {
        GameId::Turkish => 0,
        GameId::Zamma => 1,
        GameId::Damma => 2,
        GameId::Fetaix => 3,
        GameId::Kharbaga => 4,
    }
}

/// Wires the Puzzles screen's callbacks: each sends its message.
pub(crate) fn connect(ui: &AppWindow, tx: &Sender) {
    let a = ui.global::<PuzzleAdapter>();
    let m = M::Puzzles;
    a.on_show_puzzles(send(tx, move || m(Msg::Show)));
    a.on_choose_game(send_with(tx, move |g| m(Msg::ChooseGame(g))));
    let t = tx.clone();
    a.on_tapped(move |i, dx, dy, cell| t(m(Msg::Tapped(i, dx, dy, cell))));
    a.on_hint(send(tx, move || m(Msg::Hint)));
    a.on_solution(send(tx, move || m(Msg::Solution)));
    a.on_next(send(tx, move || m(Msg::Next)));
    a.on_daily_puzzle(send(tx, move || m(Msg::Daily)));
    a.on_choose_theme(send_with(tx, move |t| m(Msg::ChooseTheme(t))));
    a.on_reply_due(send(tx, move || m(Msg::ReplyDue)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_data_is_the_repositorys_files() {
        // Deflated by the core's build script, inflated on first use.
        let files = [
            (
                GameId::Turkish,
                include_str!("../../../core/puzzles/turkish.tsv"),
            ),
            (
                GameId::Zamma,
                include_str!("../../../core/puzzles/zamma.tsv"),
            ),
            (
                GameId::Damma,
                include_str!("../../../core/puzzles/damma.tsv"),
            ),
            (
                GameId::Fetaix,
                include_str!("../../../core/puzzles/fetaix.tsv"),
            ),
            (
                GameId::Kharbaga,
                include_str!("../../../core/puzzles/kharbaga.tsv"),
            ),
        ];
        for (game, file) in files {
            assert_eq!(puzzle::bundled(game), file, "{game:?}");
        }
        assert_eq!(
            dama_core::lesson::Course::bundled(),
            [
                include_str!("../../../core/lessons/turkish.json"),
                include_str!("../../../core/lessons/zamma.json")
            ]
        );
    }
}
