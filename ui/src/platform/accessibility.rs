//! The accessibility tree a phone's screen reader receives (issue 50): the window's accessible
//! items as an AccessKit tree, built from Slint's item tree by us, since our phone platform has
//! no winit backend and so none of Slint's own AccessKit adapter.
//!
//! A [`TreeSource`] exists only while a screen reader is on: with none, nothing is tracked and
//! nothing costs. [`TreeSource::full`] is the first tree; afterwards [`TreeSource::changes`]
//! rebuilds only the nodes whose properties changed. Each node is built under its own
//! property tracker, which records what the node read (its label, its box, the models and
//! conditions that decide its children), and all of them under one tracker whose dirty
//! handler wakes the platform's loop. [`TreeSource::act`] carries out a screen reader's
//! action: Click is the item's default action (a board cell's is a tap), Focus moves Slint's
//! focus.

use super::accessibility_node::node_for;
use accesskit::{Action, ActionData, ActionRequest, Node, NodeId, Tree, TreeId, TreeUpdate};
use i_slint_core::accessibility::AccessibilityAction;
use i_slint_core::accessibility::{accessible_descendents, nearest_accessible_item};
use i_slint_core::input::FocusReason;
use i_slint_core::item_tree::{ItemTreeRc, ItemTreeRef, ItemTreeWeak};
use i_slint_core::items::ItemRc;
use i_slint_core::properties::{PropertyDirtyHandler, PropertyTracker};
use i_slint_core::window::WindowInner;
use std::collections::{HashMap, HashSet};
use std::pin::Pin;
use std::ptr::NonNull;
use std::rc::Rc;

/// A node's id: the item's component (numbered by us, never reused) above its index in it.
const INDEX_BITS: u32 = 16;

/// Calls the platform's wake when anything a node read has changed.
pub struct Wake(Rc<dyn Fn()>);

impl PropertyDirtyHandler for Wake {
    fn notify(self: Pin<&Self>) {
        (self.0)()
    }
}

/// What was built for one node: its children and what it depends on.
struct Cached {
    children: Vec<NodeId>,
    tracker: Pin<Box<PropertyTracker>>,
}

/// The window's accessibility tree, kept up to date while a screen reader is on.
pub struct TreeSource {
    nodes: Nodes,
    all: Pin<Box<PropertyTracker<true, Wake>>>,
}

/// The nodes built and the numbering of the components they are in.
struct Nodes {
    /// Component pointer → its number, and number → the component.
    component_ids: HashMap<NonNull<u8>, u32>,
    components: HashMap<u32, ItemTreeWeak>,
    next_component: u32,
    nodes: HashMap<NodeId, Cached>,
    root: Option<NodeId>,
    scale: f32,
    focus: NodeId,
}

impl TreeSource {
    /// A source whose `wake` is called (once until the next [`TreeSource::changes`]) when the
    /// tree has changed.
    pub fn new(wake: impl Fn() + 'static) -> TreeSource {
        TreeSource {
            nodes: Nodes {
                component_ids: HashMap::new(),
                components: HashMap::new(),
                next_component: 1,
                nodes: HashMap::new(),
                root: None,
                scale: 1.0,
                focus: NodeId(0),
            },
            all: Box::pin(PropertyTracker::new_with_dirty_handler(Wake(Rc::new(wake)))),
        }
    }

    /// The whole tree, as a screen reader needs it first (or again after the window's
    /// component changed).
    pub fn full(&mut self, window: &slint::Window) -> TreeUpdate {
        let all = self.all.as_ref();
        let s = &mut self.nodes;
        let inner = WindowInner::from_pub(window);
        inner.ensure_tree_instantiated();
        s.nodes.clear();
        s.scale = window.scale_factor();
        let mut out = Vec::new();
        let root = inner.try_component().map(|c| {
            all.evaluate_as_dependency_root(|| {
                s.build(ItemRc::new_root(c), &mut out, &mut HashSet::new())
            })
        });
        s.root = root;
        let root = root.unwrap_or(NodeId(0));
        if out.is_empty() {
            out.push((root, Node::new(accesskit::Role::Window)));
        }
        s.focus = s.focus_of(window);
        let mut tree = Tree::new(root);
        tree.toolkit_name = Some("Slint".into());
        tree.toolkit_version = Some("1.18.1".into());
        TreeUpdate {
            nodes: out,
            tree: Some(tree),
            tree_id: TreeId::ROOT,
            focus: s.focus,
        }
    }

    /// What changed since the last tree or change, or `None` when nothing did.
    pub fn changes(&mut self, window: &slint::Window) -> Option<TreeUpdate> {
        let inner = WindowInner::from_pub(window);
        let s = &mut self.nodes;
        let root_now = inner.try_component().map(|c| s.id_of(&ItemRc::new_root(c)));
        if root_now != s.root || window.scale_factor() != s.scale {
            return Some(self.full(window));
        }
        let s = &mut self.nodes;
        let before = s.focus;
        if !self.all.is_dirty() && s.focus_of(window) == before {
            return None;
        }
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        if let Some(root) = s.root {
            let all = self.all.as_ref();
            all.evaluate_as_dependency_root(|| s.refresh(root, &mut out, &mut seen));
        }
        // Nodes no longer reachable are gone from the screen: forget them.
        s.nodes.retain(|id, _| seen.contains(id));
        s.components.retain(|_, c| c.upgrade().is_some());
        let live = &s.components;
        s.component_ids.retain(|_, n| live.contains_key(n));
        s.focus = s.focus_of(window);
        if out.is_empty() && s.focus == before {
            // Only trackers were refreshed: nothing new to tell.
            return None;
        }
        Some(TreeUpdate {
            nodes: out,
            tree: None,
            tree_id: TreeId::ROOT,
            focus: s.focus,
        })
    }

    /// Carries out a screen reader's action; false when the node is gone or the action is
    /// not one an item has.
    pub fn act(&self, window: &slint::Window, request: &ActionRequest) -> bool {
        let Some(item) = self.nodes.item_of(request.target_node) else {
            return false;
        };
        let action = match request.action {
            Action::Click => AccessibilityAction::Default,
            Action::Focus => {
                WindowInner::from_pub(window).set_focus_item(
                    &item,
                    true,
                    FocusReason::PointerClick,
                );
                return true;
            }
            Action::Increment => AccessibilityAction::Increment,
            Action::Decrement => AccessibilityAction::Decrement,
            Action::Expand => AccessibilityAction::Expand,
            Action::SetValue => match &request.data {
                Some(ActionData::Value(v)) => AccessibilityAction::SetValue(v.as_ref().into()),
                Some(ActionData::NumericValue(v)) => {
                    AccessibilityAction::SetValue(v.to_string().into())
                }
                _ => return false,
            },
            _ => return false,
        };
        item.accessible_action(&action);
        true
    }

    /// The item a node stands for, while its component lives.
    pub fn item_of(&self, id: NodeId) -> Option<ItemRc> {
        self.nodes.item_of(id)
    }
}

impl Nodes {
    /// Builds `item`'s node and its descendants' (the ones new to the tree).
    fn build(
        &mut self,
        item: ItemRc,
        out: &mut Vec<(NodeId, Node)>,
        seen: &mut HashSet<NodeId>,
    ) -> NodeId {
        let id = self.id_of(&item);
        seen.insert(id);
        let tracker = Box::pin(PropertyTracker::default());
        let scale = self.scale;
        let (mut node, kids) = tracker.as_ref().evaluate(|| {
            let kids: Vec<ItemRc> = accessible_descendents(&item).collect();
            (node_for(&item, scale), kids)
        });
        let children: Vec<NodeId> = kids.into_iter().map(|k| self.build(k, out, seen)).collect();
        node.set_children(children.clone());
        self.nodes.insert(id, Cached { children, tracker });
        out.push((id, node));
        id
    }

    /// Rebuilds the node `id` if what it read changed, then its children.
    fn refresh(&mut self, id: NodeId, out: &mut Vec<(NodeId, Node)>, seen: &mut HashSet<NodeId>) {
        if !seen.insert(id) {
            return;
        }
        let (Some(mut cached), Some(item)) = (self.nodes.remove(&id), self.item_of(id)) else {
            return;
        };
        let scale = self.scale;
        let rebuilt = cached.tracker.as_ref().evaluate_if_dirty(|| {
            let kids: Vec<ItemRc> = accessible_descendents(&item).collect();
            (node_for(&item, scale), kids)
        });
        match rebuilt {
            None => {
                for child in cached.children.clone() {
                    self.refresh(child, out, seen);
                }
            }
            Some((mut node, kids)) => {
                let mut children = Vec::with_capacity(kids.len());
                for k in kids {
                    let kid = self.id_of(&k);
                    if self.nodes.contains_key(&kid) {
                        self.refresh(kid, out, seen);
                    } else {
                        self.build(k, out, seen);
                    }
                    children.push(kid);
                }
                node.set_children(children.clone());
                cached.children = children;
                out.push((id, node));
            }
        }
        self.nodes.insert(id, cached);
    }

    /// The node Slint's focus is in (the nearest accessible item holding it), else the root.
    fn focus_of(&mut self, window: &slint::Window) -> NodeId {
        let root = self.root.unwrap_or(NodeId(0));
        let focused = WindowInner::from_pub(window).focus_item.borrow().upgrade();
        focused
            .map(|f| self.id_of(&nearest_accessible_item(f)))
            .filter(|id| self.nodes.contains_key(id))
            .unwrap_or(root)
    }

    fn id_of(&mut self, item: &ItemRc) -> NodeId {
        let tree = item.item_tree();
        let ptr = ItemTreeRef::as_ptr(ItemTreeRc::borrow(tree));
        // A pointer can be reused by a new component once the old one is gone: a new number.
        let known = self.component_ids.get(&ptr).copied().filter(|n| {
            self.components
                .get(n)
                .and_then(|w| w.upgrade())
                .is_some_and(|c| ItemTreeRc::ptr_eq(&c, tree))
        });
        let n = known.unwrap_or_else(|| {
            let n = self.next_component;
            self.next_component += 1;
            self.component_ids.insert(ptr, n);
            self.components.insert(n, ItemTreeRc::downgrade(tree));
            n
        });
        NodeId((u64::from(n) << INDEX_BITS) | u64::from(item.index()))
    }

    fn item_of(&self, id: NodeId) -> Option<ItemRc> {
        let component = self.components.get(&((id.0 >> INDEX_BITS) as u32))?;
        Some(ItemRc::new(
            component.upgrade()?,
            (id.0 & ((1 << INDEX_BITS) - 1)) as u32,
        ))
    }
}
