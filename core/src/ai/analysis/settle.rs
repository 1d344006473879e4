//! The settled score of each position: a score that stands out from both its neighbours by
//! more than [`SPIKE`] (a search whose horizon fell in the middle of an exchange: issue 48's
//! −4.85 for one ply at 14. d3-e3) is searched again, deeper; what the deeper search
//! confirms stays (a blunder its opponent did not punish is real), what it does not is
//! brought back between its neighbours, so neither the graph nor the judgements see a
//! one-ply spike. Before that, a position whose side to move has one legal move (a
//! capture it must make, the middle of an exchange) takes the score of the position after
//! it: its value is that position's, and that search looked one ply further along the line.

use super::AiError;

/// Gives each position with a single legal move (`forced`, not the last) the score of the
/// one after it, from the end back, so a forced run takes the score where it ends (and,
/// equal to a neighbour, is never a spike for [`settle`]).
pub(super) fn through_forced(raw: &mut [i32], forced: &[bool]) {
    for i in (0..raw.len().saturating_sub(1)).rev() {
        if forced.get(i).copied().unwrap_or(false) {
            raw[i] = raw[i + 1];
        }
    }
}

/// How far (hundredths of a man: one man) a score may stand outside its two neighbours
/// before it is searched again.
pub const SPIKE: i32 = 100;

/// `raw` settled: each spike (not a finished position, `fixed`) is searched again by
/// `deeper(i)`; the deeper score is kept if it is itself a spike, else clamped between the
/// neighbours. Errors of `deeper` (a cancel) are passed on.
pub(super) fn settle(
    raw: &[i32],
    fixed: &[bool],
    mut deeper: impl FnMut(usize) -> Result<i32, AiError>,
) -> Result<Vec<i32>, AiError> {
    let mut out = raw.to_vec();
    for i in 1..raw.len().saturating_sub(1) {
        if fixed.get(i).copied().unwrap_or(false) {
            continue;
        }
        let (lo, hi) = (raw[i - 1].min(raw[i + 1]), raw[i - 1].max(raw[i + 1]));
        let spike = |s: i32| s < lo - SPIKE || s > hi + SPIKE;
        if spike(raw[i]) {
            let d = deeper(i)?;
            out[i] = if spike(d) { d } else { d.clamp(lo, hi) };
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 48: the graph drew a one-ply spike to −4.85 in the middle of an exchange. A
    /// deeper search that does not confirm it brings it back between its neighbours.
    #[test]
    fn a_spike_the_deeper_search_does_not_confirm_is_smoothed() {
        let raw = [75, 90, -485, 110, 92];
        let mut asked = Vec::new();
        let s = settle(&raw, &[false; 5], |i| {
            asked.push(i);
            Ok(60)
        })
        .unwrap();
        assert_eq!(asked, vec![2], "only the spike is searched again");
        assert_eq!(s, vec![75, 90, 90, 110, 92]);
    }

    /// Issue 48: in an exchange, a score read where the reply is forced (here +1.60 for one
    /// ply in a Turkish game, the review's own: 40... g7-h7 with White's d4xd6 forced) is the
    /// score after the forced reply, and a forced run takes the score where it ends.
    #[test]
    fn a_forced_position_scores_as_the_position_after_it() {
        let mut raw = [35, 44, 160, 53, 60];
        through_forced(&mut raw, &[false, false, true, false, false]);
        assert_eq!(raw, [35, 44, 53, 53, 60]);
        let mut run = [0, 300, -50, 200, 20];
        through_forced(&mut run, &[false, true, true, true, true]);
        assert_eq!(run, [0, 20, 20, 20, 20], "the last position is its own");
    }

    #[test]
    fn a_spike_the_deeper_search_confirms_stays() {
        let raw = [0, 10, -300, 0];
        let s = settle(&raw, &[false; 4], |_| Ok(-280)).unwrap();
        assert_eq!(s, vec![0, 10, -280, 0]);
    }

    #[test]
    fn steps_and_finished_positions_are_left_alone() {
        // A man lost for good: a step, no spike.
        let step = [0, 5, -120, -115, -130];
        let s = settle(&step, &[false; 5], |_| panic!("no spike")).unwrap();
        assert_eq!(s, step.to_vec());
        // The end of a game is what it is.
        let end = [0, 1000, 0];
        let s = settle(&end, &[false, true, false], |_| panic!("finished")).unwrap();
        assert_eq!(s, end.to_vec());
    }

    #[test]
    fn a_cancel_in_the_deeper_search_is_passed_on() {
        let r = settle(&[0, 500, 0], &[false; 3], |_| Err(AiError::Cancelled));
        assert_eq!(r, Err(AiError::Cancelled));
    }
}
