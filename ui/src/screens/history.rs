//! History and Statistics: the finished games listed from their summaries (a game's record
//! is read only the first time it is listed), a page at a time, the statistics derived from
//! them, and why a pasted text was not taken as a game.

use super::{send, send_with, Command, Ctx, Msg as M, Sender};
use crate::opponent::Opponent;
use crate::play::summary::{self, Summary};
use crate::share::NotAGame;
use crate::store::{FinishedGame, History};
use crate::window::game_kind;
use crate::{AppWindow, HistoryAdapter, HistoryRowVm, Screen, TallyVm};
use dama_core::Color;
use slint::{ComponentHandle, ModelRc, VecModel};

/// What the player does on History and Statistics.
pub(crate) enum Msg {
    /// History opened.
    Show,
    /// *Older games*.
    ShowMore,
    /// Statistics opened.
    ShowStatistics,
    /// A row of the list (newest first) tapped.
    Open(i32),
    /// *Paste a game*.
    Paste,
    /// The clipboard's text for *Paste a game*, or why there is none (sent by the app).
    Pasted(Result<String, NotAGame>),
    /// The pasted game of this id joined the history (sent by the app).
    Imported(u64),
}

/// The list's state: the summaries read so far and how many rows are shown.
pub(crate) struct HistoryScreen {
    /// (history entry id, summary, reviewed), oldest first.
    summaries: Vec<(u64, Summary, bool)>,
    shown: usize,
}

impl HistoryScreen {
    /// Nothing listed yet.
    pub(crate) fn new() -> HistoryScreen {
        HistoryScreen {
            summaries: Vec::new(),
            shown: HISTORY_PAGE,
        }
    }

    /// What `msg` changes, shown; the screen to show, the review to open, the game to
    /// play or keep.
    pub(crate) fn update(&mut self, ui: &AppWindow, msg: Msg, cx: &Ctx) -> Vec<Command> {
        match msg {
            Msg::Show => self.show(ui, cx),
            Msg::ShowMore => {
                self.more();
                self.list(ui, cx.history);
                Vec::new()
            }
            Msg::ShowStatistics => {
                let mut out = self.show(ui, cx);
                out.push(Command::Navigate(Screen::Statistics));
                out
            }
            Msg::Open(row) => {
                let id = self.id_of_row(row.max(0) as usize);
                id.map(Command::OpenReview).into_iter().collect()
            }
            Msg::Paste => vec![Command::PasteGame],
            Msg::Pasted(text) => self.pasted(ui, text, cx),
            Msg::Imported(id) => {
                self.list(ui, cx.history);
                vec![Command::Navigate(Screen::History), Command::OpenReview(id)]
            }
        }
    }

    /// The list from its first page, no paste problem said.
    fn show(&mut self, ui: &AppWindow, cx: &Ctx) -> Vec<Command> {
        self.first_page();
        show_paste_problem(ui, None, cx.settings.new_game.game);
        self.list(ui, cx.history);
        vec![Command::Navigate(Screen::History)]
    }

    /// The game on the clipboard: a finished game joins the history (as imported) and opens
    /// in review; one still in play goes on as a two-player game. What is not a game is
    /// explained on the screen.
    fn pasted(&mut self, ui: &AppWindow, text: Result<String, NotAGame>, cx: &Ctx) -> Vec<Command> {
        // Moves without tags are a game of the game chosen on Home, with its options.
        let rules = cx.settings.new_game.rules();
        let read = text.and_then(|t| crate::share::read_game(&t, &rules));
        show_paste_problem(ui, read.as_ref().err(), rules.game());
        let Ok(record) = read else {
            return Vec::new();
        };
        let Some(outcome) = record.outcome() else {
            let record = Box::new(record);
            return vec![Command::Begin(record, Opponent::TwoPlayers, Color::White)];
        };
        // The same game pasted again opens the entry it already has.
        if let Some(id) = crate::share::known_entry(cx.history, &record) {
            self.list(ui, cx.history);
            return vec![Command::Navigate(Screen::History), Command::OpenReview(id)];
        }
        vec![Command::Import(Box::new(FinishedGame {
            record: record.to_json(),
            opponent: Opponent::TwoPlayers,
            human_black: false,
            ended: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
            id: crate::play::seed(),
            ending: Some(crate::store::Ending::new(&record, outcome)),
            analysis: None,
            imported: true,
        }))]
    }

    /// The list starts again at its first page.
    fn first_page(&mut self) {
        self.shown = HISTORY_PAGE;
    }

    /// One more page of older games.
    fn more(&mut self) {
        self.shown += HISTORY_PAGE;
    }

    /// The history listed into the window (summaries kept from before are not read again).
    fn list(&mut self, ui: &AppWindow, history: &History) {
        self.read(history);
        show_history(ui, &self.summaries, history.damaged, self.shown);
    }

    /// The summaries of `history`'s games (those kept from before are not read again).
    fn read(&mut self, history: &History) {
        let mut fresh = Vec::with_capacity(history.games.len());
        for g in &history.games {
            let known = self.summaries.iter().find(|(id, _, _)| *id == g.id);
            let s = match known {
                Some((_, s, _)) => Some(s.clone()),
                None => Summary::of(g),
            };
            if let Some(s) = s {
                fresh.push((g.id, s, g.analysis.is_some()));
            }
        }
        self.summaries = fresh;
    }

    /// The history entry id of row `row` of the list (newest first).
    fn id_of_row(&self, row: usize) -> Option<u64> {
        self.summaries.iter().rev().nth(row).map(|&(id, _, _)| id)
    }
}

/// Wires History's and Statistics' callbacks: each sends its message.
pub(crate) fn connect(ui: &AppWindow, tx: &Sender) {
    let h = ui.global::<HistoryAdapter>();
    let m = |msg| M::History(msg);
    h.on_show_history(send(tx, move || m(Msg::Show)));
    h.on_show_more(send(tx, move || m(Msg::ShowMore)));
    h.on_show_statistics(send(tx, move || m(Msg::ShowStatistics)));
    h.on_open(send_with(tx, move |row| m(Msg::Open(row))));
    h.on_paste_game(send(tx, move || m(Msg::Paste)));
}

/// The games the History list shows at first, and how many more each "Older games" adds.
pub(crate) const HISTORY_PAGE: usize = 20;

/// Why the pasted text was not taken as a game (none: it was), on the History screen.
fn show_paste_problem(ui: &AppWindow, problem: Option<&NotAGame>, game: dama_core::GameId) {
    use crate::PasteProblem as P;
    let h = ui.global::<HistoryAdapter>();
    let (code, number, detail) = match problem {
        None => (P::None, String::new(), String::new()),
        Some(NotAGame::NoClipboard) => (P::NoClipboard, String::new(), String::new()),
        Some(NotAGame::Empty) => (P::Empty, String::new(), String::new()),
        // The detail is an example of moves the reader takes, legal in this game.
        Some(NotAGame::NotMoves) => (
            P::NotMoves,
            String::new(),
            crate::window::unbroken_moves(&crate::share::example_moves(game)),
        ),
        Some(NotAGame::IllegalMove(n, m)) => (P::IllegalMove, n.clone(), m.clone()),
        Some(NotAGame::Unreadable(why)) => (P::NotAGame, String::new(), why.clone()),
    };
    h.set_paste_problem(code);
    h.set_paste_number(number.into());
    h.set_paste_detail(detail.into());
    h.set_paste_as(game_kind(game));
}

/// The History list (the newest `shown` games first) and the statistics (of them all) into
/// the window; `summaries` are the history's, oldest first, with the entries' ids.
fn show_history(ui: &AppWindow, summaries: &[(u64, Summary, bool)], damaged: usize, shown: usize) {
    let h = ui.global::<HistoryAdapter>();
    h.set_more(summaries.len() > shown);
    let rows: Vec<HistoryRowVm> = summaries
        .iter()
        .rev()
        .take(shown)
        .map(|(_, s, reviewed)| HistoryRowVm {
            game: game_kind(s.game),
            result: crate::window::result_code(s.result),
            level: s.opponent.level().unwrap_or(0) as i32,
            moves: s.plies.div_ceil(2) as i32,
            date: summary::date(s.ended).into(),
            imported: s.imported,
            set_up: s.set_up,
            reviewed: *reviewed,
        })
        .collect();
    h.set_rows(ModelRc::new(VecModel::from(rows)));
    h.set_damaged(damaged as i32);
    let list: Vec<Summary> = summaries.iter().map(|(_, s, _)| s.clone()).collect();
    let st = summary::stats(&list);
    let tally = |game, level, t: summary::Tally| TallyVm {
        game,
        level,
        won: t.won as i32,
        drawn: t.drawn as i32,
        lost: t.lost as i32,
    };
    let per_game: Vec<TallyVm> = st
        .per_game
        .iter()
        .map(|&(g, t)| tally(game_kind(g), 0, t))
        .collect();
    let per_level: Vec<TallyVm> = st
        .per_level
        .iter()
        .filter(|(_, t)| t.games() > 0)
        .map(|&(l, t)| tally(crate::GameKind::Turkish, l as i32, t))
        .collect();
    h.set_per_game(ModelRc::new(VecModel::from(per_game)));
    h.set_per_level(ModelRc::new(VecModel::from(per_level)));
    h.set_streak(st.streak as i32);
    h.set_best_streak(st.best_streak as i32);
    h.set_two_player_games(st.two_player_games as i32);
    h.set_set_up_games(st.set_up_games as i32);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::FinishedGame;
    use dama_core::GameId;

    fn finished(id: u64, game: GameId) -> FinishedGame {
        crate::store::tests::resigned(id, game)
    }

    // Issue 40: a row of the list (newest first) opens its own game, whatever was listed
    // before, and an unreadable entry takes no row.
    #[test]
    fn a_row_is_its_game() {
        let mut history = History::default();
        history.add(finished(10, GameId::Turkish));
        history.add(finished(11, GameId::Zamma));
        let mut broken = finished(12, GameId::Damma);
        broken.record = "not a record".into();
        history.add(broken);
        history.add(finished(13, GameId::Fetaix));
        let mut screen = HistoryScreen::new();
        screen.read(&history);
        assert_eq!(screen.id_of_row(0), Some(13), "the newest first");
        assert_eq!(
            screen.id_of_row(1),
            Some(11),
            "the unreadable entry takes no row"
        );
        assert_eq!(screen.id_of_row(2), Some(10));
        assert_eq!(screen.id_of_row(3), None);
        history.add(finished(14, GameId::Kharbaga));
        screen.read(&history);
        assert_eq!(screen.id_of_row(0), Some(14), "a new game is the first row");
        assert_eq!(screen.id_of_row(1), Some(13));
    }

    #[test]
    fn older_games_come_a_page_at_a_time() {
        let mut screen = HistoryScreen::new();
        assert_eq!(screen.shown, HISTORY_PAGE);
        screen.more();
        screen.more();
        assert_eq!(screen.shown, 3 * HISTORY_PAGE);
        screen.first_page();
        assert_eq!(screen.shown, HISTORY_PAGE);
    }
}
