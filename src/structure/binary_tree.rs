//! Korat's `BinaryTree`: the textbook finitization of bounded-exhaustive structure
//! generation, the reference for the search's tests and benches.

use super::{FieldDomain, FieldReader, Finitization};

/// The class of the tree's nodes.
const NODE: usize = 0;

/// Korat's `BinaryTree` at scope n (Boyapati et al. 2002): fields `root`, `size` ∈ [0, n],
/// and `left`, `right` of each of n nodes, in that order.
///
/// Contract of [`BinaryTree::rep_ok`]: valid when the nodes reachable from `root` form a
/// tree (none reached twice) and there are `size` of them; it reads `root`, then each
/// reached node's `left` and `right` breadth first, then `size`. Its valid structures
/// up to isomorphism number Σ_{k ≤ n} Catalan(k).
#[derive(Clone, Debug)]
pub struct BinaryTree {
    nodes: usize,
    domains: Vec<FieldDomain>,
}

impl BinaryTree {
    /// The scope of `nodes` nodes.
    pub fn new(nodes: usize) -> Self {
        let reference = FieldDomain::Reference {
            class: NODE,
            objects: nodes as u32,
        };
        let mut domains = vec![
            reference,
            FieldDomain::Primitive {
                values: nodes as u32 + 1,
            },
        ];
        domains.extend(std::iter::repeat_n(reference, 2 * nodes));
        BinaryTree { nodes, domains }
    }

    /// Nodes in the scope.
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// The candidate-vector position of `node.left` (`node.right` follows it).
    pub fn left(node: usize) -> usize {
        2 + 2 * node
    }

    /// The invariant; see the type's contract.
    pub fn rep_ok(&self, reader: &mut FieldReader<'_>) -> bool {
        let mut seen = vec![false; self.nodes];
        let mut queue = std::collections::VecDeque::with_capacity(self.nodes);
        if let Some(root) = reader.object(0) {
            seen[root] = true;
            queue.push_back(root);
        }
        let mut count = 0;
        while let Some(node) = queue.pop_front() {
            count += 1;
            for field in [Self::left(node), Self::left(node) + 1] {
                if let Some(child) = reader.object(field) {
                    if std::mem::replace(&mut seen[child], true) {
                        return false;
                    }
                    queue.push_back(child);
                }
            }
        }
        reader.get(1) as usize == count
    }
}

impl Finitization for BinaryTree {
    fn domains(&self) -> &[FieldDomain] {
        &self.domains
    }
}
