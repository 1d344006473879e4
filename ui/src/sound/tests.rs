use super::mixer::{Bank, Mixer};
use super::*;
use dama_core::{GameId, Position, Rules, Session};
use std::path::PathBuf;

const RATE: u32 = 44_100;

fn rms(s: &[f32]) -> f32 {
    (s.iter().map(|x| x * x).sum::<f32>() / s.len().max(1) as f32).sqrt()
}

fn peak(s: &[f32]) -> f32 {
    s.iter().fold(0.0f32, |m, x| m.max(x.abs()))
}

/// Where the rendered sounds are kept to be listened to.
fn sounds_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/sounds");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every sound rendered to a WAV file and measured from that file: its length, a peak
/// below full scale (no clipping), real sound (not silence), and a start and end at zero
/// (no click).
#[test]
fn every_sound_renders_to_a_short_clean_wav() {
    let dir = sounds_dir();
    for cue in Cue::ALL {
        let bytes = wav::encode(&synth::render(cue, RATE), RATE);
        std::fs::write(dir.join(format!("{}.wav", cue.name())), &bytes).unwrap();
        let (rate, s) = wav::decode(&bytes).expect("a WAV file");
        assert_eq!(rate, RATE);
        let ms = s.len() as u32 * 1000 / rate;
        let (min, max) = match cue {
            Cue::Move | Cue::Capture | Cue::Illegal => (60, 300),
            _ => (300, 1200),
        };
        assert!((min..=max).contains(&ms), "{cue:?} lasts {ms} ms");
        let p = peak(&s);
        assert!(p > 0.5 && p < 0.9, "{cue:?} peaks at {p}");
        assert!(rms(&s) > 0.02, "{cue:?} is almost silent: rms {}", rms(&s));
        assert!(s[0].abs() < 0.05, "{cue:?} starts with a click: {}", s[0]);
        assert!(s[s.len() - 1].abs() < 0.002, "{cue:?} ends with a click");
        // Most of the energy is early: a short, struck sound, not a drone.
        let half = rms(&s[s.len() / 2..]);
        assert!(half < rms(&s[..s.len() / 2]), "{cue:?} does not die away");
    }
}

#[test]
fn the_sounds_differ_and_are_the_same_every_time() {
    let all: Vec<Vec<f32>> = Cue::ALL.iter().map(|&c| synth::render(c, RATE)).collect();
    for (i, a) in all.iter().enumerate() {
        assert_eq!(*a, synth::render(Cue::ALL[i], RATE), "deterministic");
        for b in &all[i + 1..] {
            assert_ne!(a, b);
        }
    }
    // Any rate: the same length in time.
    let slow = synth::render(Cue::Win, 22_050);
    assert!(slow.len().abs_diff(all[Cue::Win.index()].len() / 2) <= 1);
}

#[test]
fn a_wav_file_is_what_a_player_reads() {
    let s = [0.0, 0.5, -0.5, 1.0, -1.0, 2.0];
    let bytes = wav::encode(&s, 8000);
    assert_eq!(&bytes[0..4], b"RIFF");
    assert_eq!(bytes.len(), 44 + 12);
    assert_eq!(u32::from_le_bytes(bytes[4..8].try_into().unwrap()), 36 + 12);
    let (rate, back) = wav::decode(&bytes).unwrap();
    assert_eq!(rate, 8000);
    assert_eq!(back.len(), 6);
    assert!(
        (back[1] - 0.5).abs() < 1e-4 && back[5] == 1.0,
        "clamped: {back:?}"
    );
    assert!(wav::decode(&bytes[..30]).is_none(), "cut short");
    assert!(wav::decode(b"not a wav file at all, not even close to one").is_none());
}

#[test]
fn the_mixer_waits_plays_overlaps_and_stops() {
    let bank = Bank::new(8000);
    let tock = bank.clip(Cue::Move).clone();
    let mut m = Mixer::new(bank);
    assert!(!m.busy());
    m.add(Cue::Move, Duration::from_millis(10)); // 80 samples of wait
    let mut block = [1.0f32; 100];
    m.fill(&mut block);
    assert!(block[..80].iter().all(|&s| s == 0.0), "waits its delay");
    assert_eq!(&block[80..], &tock[..20]);
    m.add(Cue::Move, Duration::ZERO);
    let mut two = [0.0f32; 10];
    m.fill(&mut two);
    for j in 0..10 {
        let want = (tock[20 + j] + tock[j]).clamp(-1.0, 1.0);
        assert!((two[j] - want).abs() < 1e-6, "overlapping sounds add");
    }
    let rest = m.drain();
    assert!(!m.busy());
    assert_eq!(rest.len(), tock.len() - 10, "plays to the end, once");
    let mut after = [1.0f32; 8];
    m.fill(&mut after);
    assert_eq!(after, [0.0; 8], "silence when idle");
}

#[test]
fn loud_overlaps_are_held_within_full_scale() {
    let mut m = Mixer::new(Bank::new(8000));
    for _ in 0..4 {
        m.add(Cue::Capture, Duration::ZERO);
    }
    assert!(peak(&m.drain()) <= 1.0);
}

fn played(game: GameId, code: &str, notation: &str) -> LegalMove {
    let p = Position::from_code(Rules::new(game), code).unwrap();
    let s = Session::from_record(dama_core::GameRecord::from_position(p));
    s.legal_moves()
        .iter()
        .find(|d| d.notation == notation)
        .unwrap_or_else(|| panic!("{notation} not among {:?}", s.legal_moves()))
        .clone()
}

#[test]
fn a_move_sounds_when_it_lands_and_a_capture_at_every_jump() {
    let step = Duration::from_millis(260);
    let start = Session::new(Rules::new(GameId::Turkish));
    let d = start.legal_moves()[0].clone();
    assert_eq!(move_cues(&d, step), vec![(step, Cue::Move)]);
    assert_eq!(
        move_cues(&d, Duration::ZERO),
        vec![(Duration::ZERO, Cue::Move)]
    );
    assert_eq!(move_haptic(&d), Haptic::Tick);
    // R-T5: a man captures three in a row; R-T8: and is crowned on the last rank.
    let triple = played(GameId::Turkish, "W:Wb2:Bb3,b5,b7", "b2xb4xb6xb8");
    let cues = move_cues(&triple, step);
    assert_eq!(
        cues,
        vec![
            (step, Cue::Capture),
            (step * 2, Cue::Capture),
            (step * 3, Cue::Capture),
            (step * 3 + Duration::from_millis(60), Cue::Promotion),
        ]
    );
    assert_eq!(move_haptic(&triple), Haptic::Strong);
    // Not animated: the jumps still heard one by one.
    let quick: Vec<Duration> = move_cues(&triple, Duration::ZERO)
        .iter()
        .map(|c| c.0)
        .collect();
    assert_eq!(quick[..3], [Duration::ZERO, QUICK_JUMP, QUICK_JUMP * 2]);
}

#[test]
fn the_ending_sounds_as_the_player_hears_it() {
    use dama_core::Reason;
    let white = Outcome::Win {
        winner: Color::White,
        reason: Reason::Resignation,
    };
    let draw = Outcome::Draw {
        reason: Reason::Agreement,
    };
    assert_eq!(ending_cue(&white, Some(Color::White)), Cue::Win);
    assert_eq!(ending_cue(&white, Some(Color::Black)), Cue::Loss);
    assert_eq!(ending_cue(&white, None), Cue::Win);
    assert_eq!(ending_cue(&draw, Some(Color::Black)), Cue::Draw);
}
