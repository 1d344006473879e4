//! The play around one game, without Slint: what a tap does, when the computer moves, what
//! undo takes back, what the player is told. Every call returns the effects the app must
//! carry out (animate a move, start or stop a search, save); the app owns the window, the
//! timer and the worker, and this module owns the decisions, so they are unit-tested here.

use super::ai_worker::{Answer, Job};
pub use super::effect::{Advice, Effect};
use crate::opponent::Opponent;
use crate::play::refusal;
use crate::play::selection::{Selection, Tap};
use crate::sound::{self, Cue};
use dama_core::{Color, GameRecord, LegalMove, Point, Reason, Session};

/// One game in play with its players, the player's selection and the advice shown.
pub struct Flow {
    game: Session,
    opponent: Opponent,
    human: Color,
    selection: Selection,
    /// The seed of this game's computer moves.
    seed: u64,
    hint: Option<Vec<Point>>,
    advice: Advice,
    waiting: Option<Job>,
    moving: bool,
}

impl Flow {
    #[cfg(test)]
    /// Starts playing `record` against `opponent`, `human` the player's colour against the
    /// computer.
    pub fn new(record: GameRecord, opponent: Opponent, human: Color) -> (Flow, Vec<Effect>) {
        Flow::seeded(record, opponent, human, 0)
    }

    /// [`Flow::new`] with the seed of this game's computer: each game gets its own, so the
    /// computer does not answer the same moves the same way every time (the same seed
    /// plays the same game).
    pub fn seeded(
        record: GameRecord,
        opponent: Opponent,
        human: Color,
        seed: u64,
    ) -> (Flow, Vec<Effect>) {
        let (f, mut effects) = Flow::resumed(Session::from_record(record), opponent, human, seed);
        effects.insert(0, Effect::Save);
        (f, effects)
    }

    /// Goes on with a game as loaded (the session that read it): nothing to save, since
    /// the file holds it already; the computer moves if it is its turn.
    pub fn resumed(
        game: Session,
        opponent: Opponent,
        human: Color,
        seed: u64,
    ) -> (Flow, Vec<Effect>) {
        let selection = Selection::new(&game);
        let mut f = Flow {
            game,
            opponent,
            human,
            selection,
            seed,
            hint: None,
            advice: Advice::None,
            waiting: None,
            moving: false,
        };
        f.advise();
        let effects = f.computer_turn().into_iter().collect();
        (f, effects)
    }

    /// This game's identity in the app (its seed, drawn from the clock when it began).
    pub fn id(&self) -> u64 {
        self.seed
    }

    /// The game: record, position, legal moves, result.
    pub fn game(&self) -> &Session {
        &self.game
    }

    /// The player's selection (tap-to-move) in the current position.
    pub fn selection(&self) -> &Selection {
        &self.selection
    }

    /// Who plays against the player.
    pub fn opponent(&self) -> Opponent {
        self.opponent
    }

    /// The player's colour against the computer.
    pub fn human(&self) -> Color {
        self.human
    }

    /// What to tell the player.
    pub fn advice(&self) -> Advice {
        self.advice
    }

    /// The route of the last move, to highlight.
    /// (The record keeps each move's route: a reopened or resumed game shows its last move
    /// too, and undo or redo needs no replay.)
    pub fn last_move(&self) -> Option<&[Point]> {
        self.game.record().last_move_path()
    }

    /// The suggested move's route, once a hint came.
    pub fn hint(&self) -> Option<&[Point]> {
        self.hint.as_deref()
    }

    /// `true` against the computer.
    pub fn vs_computer(&self) -> bool {
        self.opponent != Opponent::TwoPlayers
    }

    /// `true` when the player on this device is to move.
    pub fn human_to_move(&self) -> bool {
        !self.vs_computer() || self.game.position().side_to_move() == self.human
    }

    /// The search running for this game, if any.
    pub fn waiting(&self) -> Option<Job> {
        self.waiting
    }

    /// `true` while the computer looks for its move.
    pub fn computer_thinking(&self) -> bool {
        matches!(self.waiting, Some(Job::Move { .. }))
    }

    #[cfg(test)]
    /// `true` while a played move is still being shown.
    pub fn is_moving(&self) -> bool {
        self.moving
    }

    fn new_turn(&mut self) {
        self.selection = Selection::new(&self.game);
        self.advise();
    }

    /// What to tell the player at the start of a turn.
    fn advise(&mut self) {
        self.advice = self.turn_advice();
    }

    /// What to tell the player before a piece is chosen: the huff to choose or the one
    /// pending (R-Z14), a compulsory capture, or the opponent's huff.
    fn turn_advice(&self) -> Advice {
        let human = self.human_to_move();
        if !self.selection.huff_choices().is_empty() && human {
            Advice::ChooseHuff
        } else if let Some(a) = self.pending_huff() {
            a
        } else if !self.selection.must_capture().is_empty() && human {
            Advice::MustCapture
        } else if self.huffed().is_some() {
            Advice::Huffed
        } else {
            Advice::None
        }
    }

    /// The removal the player's move will begin with (R-Z14), once known: the only liable
    /// piece's, or the one chosen (which may still be changed).
    fn pending_huff(&self) -> Option<Advice> {
        self.selection.chosen_huff()?;
        if !self.human_to_move() {
            None
        } else if self.selection.huff_forced() {
            Some(Advice::HuffNext)
        } else {
            Some(Advice::HuffChosen)
        }
    }

    /// The point the advice names: the huffed piece's, or the liable piece's about to be.
    pub fn advice_point(&self) -> Option<Point> {
        match self.advice {
            Advice::Huffed => self.huffed(),
            Advice::HuffNext | Advice::HuffChosen => self.selection.chosen_huff(),
            // One piece must capture: named ("the piece on c3 must capture").
            Advice::MustCapture => refusal::named(&self.selection, self.advice),
            _ => None,
        }
    }

    /// The liable piece the player's move is to remove (R-Z14), drawn as taken away until
    /// the move is made: the only one, or the one chosen.
    pub fn removing(&self) -> Option<Point> {
        self.selection
            .chosen_huff()
            .filter(|_| self.human_to_move() && !self.moving)
    }

    /// The point of the piece the last move huffed (removed first, R-Z14), if it did.
    pub fn huffed(&self) -> Option<Point> {
        self.game.record().last_played().and_then(|m| m.huff())
    }

    /// The computer's search, when it is the computer's turn.
    fn computer_turn(&mut self) -> Option<Effect> {
        if self.vs_computer() && !self.human_to_move() && self.game.outcome().is_none() {
            let job = Job::Move {
                level: self.opponent.level().unwrap_or(Opponent::DEFAULT_LEVEL),
                seed: self.seed ^ (self.game.record().ply() as u64).wrapping_mul(0x9E37_79B9),
            };
            self.waiting = Some(job);
            Some(Effect::Search(job))
        } else {
            None
        }
    }

    fn stop_search(&mut self, effects: &mut Vec<Effect>) {
        if self.waiting.take().is_some() {
            effects.push(Effect::StopSearch);
        }
    }

    fn stop_moving(&mut self, effects: &mut Vec<Effect>) {
        if self.moving {
            self.moving = false;
            effects.push(Effect::StopAnimation);
        }
    }

    /// A tap on a board point by the player to move.
    pub fn tap(&mut self, p: Point) -> Vec<Effect> {
        if self.moving || self.computer_thinking() || !self.human_to_move() {
            return Vec::new();
        }
        let selected = self.selection.selected();
        let mut effects = Vec::new();
        match self.selection.tap(p) {
            Tap::Play(i) => {
                let Some(d) = self.game.legal_moves().get(i).cloned() else {
                    return Vec::new();
                };
                return self.play(d);
            }
            Tap::Ambiguous(_) => self.advice = Advice::ChooseRoute,
            // "Tap again to stop" only where a move may end (never under R-T6 or R-Z13).
            Tap::Extended if self.selection.may_stop_here() => self.advice = Advice::ContinueRoute,
            Tap::Extended => self.advice = Advice::NextLanding,
            // The removal chosen, changed or taken back: said, with the point it names.
            Tap::HuffChosen(_) | Tap::HuffCancelled => self.advice = self.turn_advice(),
            // The only liable piece, already removed: said again, not "your opponent's".
            Tap::Ignored if self.selection.chosen_huff() == Some(p) => {
                self.advice = self.turn_advice();
            }
            // A refused tap: heard (unless it only touched the opponent's piece) and said
            // why, in the words of the rule it breaks.
            ref tap @ (Tap::Selected(_) | Tap::Cancelled | Tap::Ignored) => {
                let pos = self.game.position();
                if let Some((why, heard)) = refusal::refused(&self.selection, pos, selected, tap, p)
                {
                    if heard {
                        effects.push(Effect::Sound(Cue::Illegal));
                    }
                    self.advice = why;
                } else if *tap != Tap::Ignored {
                    self.advice = if !self.selection.must_capture().is_empty()
                        && self.selection.selected().is_none()
                    {
                        Advice::MustCapture
                    } else {
                        // The pending removal stays said while the player picks a piece.
                        self.pending_huff().unwrap_or(Advice::None)
                    };
                }
            }
        }
        effects
    }

    /// The sound of the game's end as this flow's player hears it (after a move, a
    /// resignation or an agreed draw).
    fn ending(&self) -> Option<Effect> {
        let player = self.vs_computer().then_some(self.human);
        let o = self.game.outcome()?;
        Some(Effect::Sound(sound::ending_cue(&o, player)))
    }

    /// Plays a legal move: records it, then has it shown.
    fn play(&mut self, d: LegalMove) -> Vec<Effect> {
        let before = self.game.position().clone();
        if self.game.play(&d.mv).is_err() {
            return Vec::new();
        }
        self.hint = None;
        self.advice = Advice::None;
        self.moving = true;
        let mut effects = vec![
            Effect::Save,
            Effect::Animate {
                before: Box::new(before),
                mv: Box::new(d),
            },
        ];
        effects.extend(self.ending());
        effects
    }

    /// The move has been shown: the next turn begins.
    pub fn arrived(&mut self) -> Vec<Effect> {
        self.moving = false;
        self.new_turn();
        self.computer_turn().into_iter().collect()
    }

    /// The answer of the search this flow asked for (the worker has dropped stale ones).
    pub fn answer(&mut self, answer: Answer) -> Vec<Effect> {
        self.waiting = None;
        let find = |m: Option<dama_core::Move>| {
            m.and_then(|m| self.game.legal_moves().iter().find(|d| d.mv == m).cloned())
        };
        match answer {
            Answer::Move(m) => match find(m) {
                Some(d) => self.play(d),
                None => Vec::new(),
            },
            Answer::Hint(m) => {
                if let Some(d) = find(m) {
                    self.hint = Some(d.path);
                    self.advice = Advice::Hint;
                }
                Vec::new()
            }
            Answer::Draw(true) => self.accept_draw(),
            Answer::Draw(false) => {
                self.advice = Advice::DrawDeclined;
                Vec::new()
            }
        }
    }

    /// Takes back the last move (against the computer: its reply too), or only a
    /// resignation or agreed draw.
    pub fn undo(&mut self) -> Vec<Effect> {
        let mut effects = Vec::new();
        if !self.can_undo() {
            return effects;
        }
        self.stop_search(&mut effects);
        self.stop_moving(&mut effects);
        if !self.game.undo() {
            return effects;
        }
        while self.vs_computer()
            && self.game.position().side_to_move() != self.human
            && self.game.record().can_undo()
        {
            self.game.undo();
        }
        effects.extend(self.history_changed());
        effects
    }

    /// Whether Undo takes anything back. A resignation or an agreed draw is not a move: it
    /// ends the game for good (the game is in History and Statistics as it ended), so after
    /// one there is nothing to undo. After an ending by a move, Undo takes that move back.
    pub fn can_undo(&self) -> bool {
        let by_players = matches!(
            self.game.outcome().map(|o| o.reason()),
            Some(Reason::Resignation | Reason::Agreement)
        );
        !by_players && self.game.record().can_undo()
    }

    /// Replays what was taken back (against the computer: up to the player's turn).
    pub fn redo(&mut self) -> Vec<Effect> {
        let mut effects = Vec::new();
        self.stop_search(&mut effects);
        self.stop_moving(&mut effects);
        if !self.game.redo() {
            return effects;
        }
        while self.vs_computer()
            && self.game.position().side_to_move() != self.human
            && self.game.record().can_redo()
        {
            self.game.redo();
        }
        effects.extend(self.history_changed());
        effects
    }

    fn history_changed(&mut self) -> Vec<Effect> {
        self.hint = None;
        self.new_turn();
        let mut effects = vec![Effect::ShowResultCard, Effect::Save];
        effects.extend(self.computer_turn());
        effects
    }

    /// Asks the engine for a suggestion for the player to move.
    pub fn ask_hint(&mut self) -> Vec<Effect> {
        if self.human_to_move() && self.game.outcome().is_none() && self.waiting.is_none() {
            self.waiting = Some(Job::Hint);
            return vec![Effect::Search(Job::Hint)];
        }
        Vec::new()
    }

    /// Offers the computer a draw: a short search decides.
    pub fn offer_draw(&mut self) -> Vec<Effect> {
        if !self.vs_computer() || self.game.outcome().is_some() || self.waiting.is_some() {
            return Vec::new();
        }
        self.waiting = Some(Job::DrawOffer);
        vec![Effect::Search(Job::DrawOffer)]
    }

    /// Both players agree to a draw.
    pub fn accept_draw(&mut self) -> Vec<Effect> {
        let mut effects = Vec::new();
        self.stop_search(&mut effects);
        if self.game.agree_draw().is_ok() {
            self.new_turn();
            effects.push(Effect::Save);
            effects.extend(self.ending());
        }
        effects
    }

    /// The player resigns (against the computer: the human; else the side to move).
    pub fn resign(&mut self) -> Vec<Effect> {
        let mut effects = Vec::new();
        self.stop_search(&mut effects);
        let side = if self.vs_computer() {
            self.human
        } else {
            self.game.position().side_to_move()
        };
        if self.game.resign(side).is_ok() {
            self.new_turn();
            effects.push(Effect::Save);
            effects.extend(self.ending());
        }
        effects
    }

    /// Leaving the game screen: the search stops, the move under way is complete, the
    /// game is saved for later.
    pub fn pause(&mut self) -> Vec<Effect> {
        let mut effects = Vec::new();
        self.stop_search(&mut effects);
        if self.moving {
            self.moving = false;
            self.new_turn();
            effects.push(Effect::StopAnimation);
        }
        effects.push(Effect::Save);
        effects
    }
}

#[cfg(test)]
#[path = "flow_tests.rs"]
mod tests;
