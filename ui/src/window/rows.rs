//! A list of the window's as a model updated row by row: only the rows that changed are
//! touched, so Slint redraws only them.

use slint::{Model, VecModel};

/// Makes `model` hold `rows`: changed rows are replaced, new ones appended, surplus ones
/// removed from the end. Returns how many rows were touched.
pub fn sync<T: Clone + PartialEq + 'static>(model: &VecModel<T>, rows: Vec<T>) -> usize {
    let mut touched = 0;
    while model.row_count() > rows.len() {
        model.remove(model.row_count() - 1);
        touched += 1;
    }
    for (i, row) in rows.into_iter().enumerate() {
        if i < model.row_count() {
            if model.row_data(i).as_ref() != Some(&row) {
                model.set_row_data(i, row);
                touched += 1;
            }
        } else {
            model.push(row);
            touched += 1;
        }
    }
    touched
}

/// [`sync`] for a list whose rows are things on the board (the pieces): a row equal to one
/// the model holds keeps that row's place, and the new rows fill the places left. After a
/// move only the rows of the pieces that moved or went are touched, not every row after the
/// first change (each touched row redraws where its item was and where it is).
pub fn sync_in_place<T: Clone + PartialEq + 'static>(model: &VecModel<T>, rows: Vec<T>) -> usize {
    let old: Vec<T> = model.iter().collect();
    let mut kept: Vec<Option<T>> = vec![None; old.len()];
    let mut new = Vec::new();
    for row in rows {
        match (0..old.len()).find(|&i| kept[i].is_none() && old[i] == row) {
            Some(i) => kept[i] = Some(row),
            None => new.push(row),
        }
    }
    let mut new = new.into_iter();
    for slot in kept.iter_mut().filter(|slot| slot.is_none()) {
        *slot = new.next();
    }
    // Places still empty (fewer rows than before) take the last rows, not a shift of all
    // the rows after them.
    loop {
        while matches!(kept.last(), Some(None)) {
            kept.pop();
        }
        let Some(hole) = kept.iter().position(Option::is_none) else {
            break;
        };
        kept[hole] = kept.pop().flatten();
    }
    let placed: Vec<T> = kept.into_iter().flatten().chain(new).collect();
    sync(model, placed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_changed_rows_are_touched() {
        let m: VecModel<i32> = VecModel::from(vec![1, 2, 3]);
        assert_eq!(sync(&m, vec![1, 2, 3]), 0);
        assert_eq!(sync(&m, vec![1, 5, 3]), 1);
        assert_eq!(sync(&m, vec![1, 5, 3, 4]), 1);
        assert_eq!(sync(&m, vec![1]), 3);
        assert_eq!(m.iter().collect::<Vec<_>>(), vec![1]);
        assert_eq!(sync(&m, vec![]), 1);
        assert_eq!(m.row_count(), 0);
    }

    // A piece that moves touches its own row only; one taken, at most its row and the last.
    #[test]
    fn things_that_stay_keep_their_rows() {
        let m: VecModel<i32> = VecModel::from(vec![10, 20, 30, 40, 50]);
        // 20 moves to 45: in board order the list becomes 10 30 40 45 50.
        assert_eq!(sync_in_place(&m, vec![10, 30, 40, 45, 50]), 1);
        assert_eq!(m.iter().collect::<Vec<_>>(), vec![10, 45, 30, 40, 50]);
        assert_eq!(
            sync(
                &VecModel::from(vec![10, 20, 30, 40, 50]),
                vec![10, 30, 40, 45, 50]
            ),
            3
        );
        // 30 is taken and 45 moves to 25.
        assert!(sync_in_place(&m, vec![10, 25, 40, 50]) <= 3);
        let mut now = m.iter().collect::<Vec<_>>();
        now.sort();
        assert_eq!(now, vec![10, 25, 40, 50]);
        assert_eq!(sync_in_place(&m, vec![]), 4);
        assert_eq!(sync_in_place(&m, vec![1, 2]), 2);
    }
}
