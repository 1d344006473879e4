//! The board model's tests: the orientation rule, the lines made again only when needed,
//! a tap read on the board as drawn, the paths.

use super::*;
use dama_core::{GameId, Position, Rules};
use slint::Model;

fn still<'a>(pos: &'a Position, piece: &'a dyn Fn(Point) -> Option<Piece>) -> Shown<'a> {
    Shown::still(pos.geometry(), false, piece)
}

#[test]
fn black_is_at_the_bottom_only_when_it_sits_there() {
    use Color::{Black, White};
    assert!(!flipped(Seat::Player(White)));
    assert!(flipped(Seat::Player(Black)));
    for to_move in [White, Black] {
        let turns = false;
        assert!(!flipped(Seat::Shared { turns, to_move }), "White's side");
    }
    let turns = true;
    assert!(flipped(Seat::Shared {
        turns,
        to_move: Black
    }));
    assert!(!flipped(Seat::Shared {
        turns,
        to_move: White
    }));
}

// The art is painted from the lines' model: a board shown again the same way keeps it
// (and its lists), another board or orientation gets new ones.
#[test]
fn the_lines_are_made_again_only_for_another_board_or_orientation() {
    let view = BoardView::new();
    let pos = Position::start(Rules::new(GameId::Zamma));
    let piece = |p| pos.piece_at(p);
    let mut shown = still(&pos, &piece);
    view.show(&shown);
    let first = view.vm();
    assert_eq!((first.squares, first.size), (false, 9));
    assert!(first.lines.row_count() > 0);
    assert_eq!(first.pieces.row_count(), 80);
    view.show(&shown);
    assert!(view.vm() == first, "unchanged: Slint keeps every binding");
    shown.flipped = true;
    view.show(&shown);
    let turned = view.vm();
    assert!(turned.lines != first.lines, "new lines, a new art");
    // New lists as well: Slint's repeater would not redraw rows changed with the board.
    assert!(turned.spots != first.spots && turned.pieces != first.pieces);
    assert_eq!(turned.pieces.row_count(), 80);
    let turkish = Position::start(Rules::new(GameId::Turkish));
    let piece = |p| turkish.piece_at(p);
    view.show(&still(&turkish, &piece));
    assert_eq!((view.vm().squares, view.vm().size), (true, 8));
}

// A tap is read on the board as drawn: the point at its index (with no selection to
// aim at), turned or not; nothing before a board is shown.
#[test]
fn a_tap_means_the_point_drawn_there() {
    let view = BoardView::new();
    assert_eq!(view.aim(0, (0.0, 0.0), 40.0, None), None);
    let pos = Position::start(Rules::new(GameId::Zamma));
    let piece = |p| pos.piece_at(p);
    for flipped in [false, true] {
        let shown = Shown {
            flipped,
            ..still(&pos, &piece)
        };
        view.show(&shown);
        let spots = view.vm().spots;
        for (i, &p) in pos.geometry().points().iter().enumerate() {
            assert_eq!(view.aim(i, (0.0, 0.0), 40.0, None), Some(p));
            let spot = spots.row_data(i).unwrap();
            assert_eq!(spot.label, pos.geometry().label(p));
            assert_eq!((spot.x, spot.y), coords::xy(pos.geometry(), p, flipped));
        }
    }
}

// The last move's and the hint's paths: one row each while there is one, marked at
// their ends; the hint's ends give way to the selection's marks.
#[test]
fn the_paths_are_lists_of_none_or_one() {
    let view = BoardView::new();
    let pos = Position::start(Rules::new(GameId::Turkish));
    let g = pos.geometry();
    let piece = |p| pos.piece_at(p);
    let at = |l: &str| g.parse_label(l).unwrap();
    let (last, hint) = ([at("d3"), at("d4")], [at("e3"), at("e4")]);
    view.show(&Shown {
        last: Some(&last),
        hint: Some(&hint),
        ..still(&pos, &piece)
    });
    let vm = view.vm();
    assert_eq!((vm.last_move.row_count(), vm.hint.row_count()), (1, 1));
    let labels = |keep: &dyn Fn(&SpotVm) -> bool| -> Vec<String> {
        let mut l: Vec<String> = vm
            .spots
            .iter()
            .filter(keep)
            .map(|s| s.label.into())
            .collect();
        l.sort();
        l
    };
    assert_eq!(labels(&|s| s.mark == SpotMark::Hint), ["e3", "e4"]);
    assert_eq!(labels(&|s| s.last), ["d3", "d4"]);
    view.show(&still(&pos, &piece));
    assert_eq!((vm.last_move.row_count(), vm.hint.row_count()), (0, 0));
}
