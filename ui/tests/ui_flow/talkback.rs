//! The tree a phone's screen reader receives (issue 50), read as a platform adapter reads it
//! (`accesskit_consumer`): the same `TreeSource` the phones drive, on the app's window.

use super::*;
use accesskit::{Action, ActionRequest, Live, Point, Role, TreeId};
use accesskit_consumer::{common_filter, Node, Tree, TreeChangeHandler};
use dama_ui::platform::accessibility::TreeSource;

/// A screen reader's view: the tree as first received, kept up to date by the changes, and
/// what live regions said (as TalkBack and AT-SPI announce them: a live node's new words).
pub(super) struct Reader {
    source: TreeSource,
    tree: Tree,
    pub said: Vec<String>,
}

struct Said<'a>(&'a mut Vec<String>);

impl TreeChangeHandler for Said<'_> {
    fn node_added(&mut self, _: &Node) {}
    fn node_updated(&mut self, old: &Node, new: &Node) {
        let words = new.value().or_else(|| new.label()).unwrap_or_default();
        let before = old.value().or_else(|| old.label()).unwrap_or_default();
        if new.live() != Live::Off && !words.is_empty() && words != before {
            self.0.push(words);
        }
    }
    fn focus_moved(&mut self, _: Option<&Node>, _: Option<&Node>) {}
    fn node_removed(&mut self, _: &Node) {}
}

impl Reader {
    pub(super) fn new(ui: &AppWindow) -> Reader {
        let mut source = TreeSource::new(|| ());
        let tree = Tree::new(source.full(ui.window()), true);
        Reader {
            source,
            tree,
            said: Vec::new(),
        }
    }

    /// Takes in what changed; false when nothing did.
    pub(super) fn sync(&mut self, ui: &AppWindow) -> bool {
        match self.source.changes(ui.window()) {
            Some(update) => {
                self.tree
                    .update_and_process_changes(update, &mut Said(&mut self.said));
                true
            }
            None => false,
        }
    }

    /// Every node, depth first.
    pub(super) fn all(&self) -> Vec<Node<'_>> {
        fn walk<'a>(n: Node<'a>, out: &mut Vec<Node<'a>>) {
            out.push(n);
            for c in n.children() {
                walk(c, out);
            }
        }
        let mut out = Vec::new();
        walk(self.tree.state().root(), &mut out);
        out
    }

    /// The one node named `label` with role `role`.
    pub(super) fn find(&self, role: Role, label: &str) -> Node<'_> {
        let found: Vec<_> = self
            .all()
            .into_iter()
            .filter(|n| n.role() == role && n.label().as_deref() == Some(label))
            .collect();
        assert_eq!(found.len(), 1, "{role:?} nodes named {label}");
        found[0]
    }

    /// A screen reader's Click on the node named `label` (a double tap in TalkBack).
    pub(super) fn click(&mut self, ui: &AppWindow, label: &str) {
        let id = self.find(Role::Button, label).locate().0;
        let request = ActionRequest {
            action: Action::Click,
            target_tree: TreeId::ROOT,
            target_node: id,
            data: None,
        };
        assert!(self.source.act(ui.window(), &request), "Click on {label}");
    }
}

/// Home's controls reach the phone with their roles and names; the game's board is a grid of
/// cells named by their labels and described by what stands there.
pub(super) async fn the_phone_reader_names_home_and_the_board(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    tall(ui).await;
    let mut r = Reader::new(ui);
    for name in ["Turkish Dama", "Zamma", "Two players", "Play"] {
        let n = r.find(Role::Button, name);
        assert!(n.supports_action(Action::Click, &common_filter), "{name}");
    }
    assert!(!r.sync(ui), "nothing changed, nothing sent");
    two_player_turkish_from_home(ui).await;
    assert!(r.sync(ui), "the game screen reaches the reader");
    let c3 = r.find(Role::Button, "c3");
    assert_eq!(c3.description().as_deref(), Some("White man"));
    assert_eq!(
        r.find(Role::Button, "c5").description().as_deref(),
        Some("empty")
    );
    let cells = r
        .all()
        .into_iter()
        .filter(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.len() == 2))
        .count();
    assert_eq!(cells, 64, "one cell per square");
}

/// Explore by touch: the node under a cell's centre (in physical pixels) is that cell.
pub(super) async fn the_phone_reader_finds_a_cell_under_a_finger(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    two_player_turkish_from_home(ui).await;
    let r = Reader::new(ui);
    let scale = f64::from(ui.window().scale_factor());
    for label in ["c3", "f6", "a1", "h8"] {
        let b = r.find(Role::Button, label).bounding_box().unwrap();
        let e = ElementHandle::find_by_accessible_label(ui, label)
            .find(|e| e.accessible_role() == Some(i_slint_backend_testing::AccessibleRole::Button))
            .unwrap();
        let (p, s) = (e.absolute_position(), e.size());
        let want = (
            f64::from(p.x + s.width / 2.0),
            f64::from(p.y + s.height / 2.0),
        );
        let centre = Point::new(want.0 * scale, want.1 * scale);
        let (bx, by) = ((b.x0 + b.x1) / 2.0, (b.y0 + b.y1) / 2.0);
        assert!(
            (bx - centre.x).abs() < 1.0 && (by - centre.y).abs() < 1.0,
            "{label}: {b:?} around {centre:?}"
        );
        let hit = r
            .tree
            .state()
            .root()
            .node_at_point(centre, &common_filter)
            .unwrap();
        assert_eq!(hit.label().as_deref(), Some(label));
    }
}

/// A screen reader's activation of two cells plays the move, as two taps do; the change
/// reaches the reader incrementally and the move is announced through a live region.
pub(super) async fn the_phone_reader_plays_a_move_and_hears_it(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    two_player_turkish_from_home(ui).await;
    let t = std::time::Instant::now();
    let mut r = Reader::new(ui);
    let first = t.elapsed();
    let whole = r.all().len();
    r.click(ui, "d3");
    sleep(20).await;
    r.sync(ui);
    assert_eq!(
        r.find(Role::Button, "d4").description().as_deref(),
        Some("empty, can move here")
    );
    r.click(ui, "d4");
    settle(&h).await;
    sleep(20).await;
    let t = std::time::Instant::now();
    let update = r
        .source
        .changes(ui.window())
        .expect("the move changed the tree");
    // For the record (a debug build on the host): what building and updating cost.
    println!(
        "  the game's tree: {whole} nodes in {first:?}; after the move {} nodes in {:?}",
        update.nodes.len(),
        t.elapsed()
    );
    assert!(
        update.tree.is_none() && update.nodes.len() < whole / 2,
        "{} of {whole} nodes sent again",
        update.nodes.len()
    );
    r.tree
        .update_and_process_changes(update, &mut Said(&mut r.said));
    assert_eq!(
        ui.global::<GameModels>()
            .get_move_rows()
            .row_data(0)
            .unwrap()
            .white,
        "d3-d4"
    );
    assert!(code(&h).contains("d4"), "{}", code(&h));
    assert_eq!(
        r.find(Role::Button, "d4").description().as_deref(),
        Some("White man, last move")
    );
    assert!(
        r.said.iter().any(|s| s == "White: d3-d4"),
        "announced: {:?}",
        r.said
    );
    assert!(
        r.said.iter().any(|s| s == "Black to move"),
        "announced: {:?}",
        r.said
    );
}
