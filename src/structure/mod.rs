//! Structure generation: input *structures* (heaps of objects with fields) rather than call
//! sequences, for field-exhaustive testing (Ponzio, Aguirre, Frias and Visser, FSE 2016).
//!
//! A [`Finitization`] fixes a scope: a candidate vector of fields, each with a finite
//! [`FieldDomain`] — a range of primitive values, or `null` and the objects of one class of
//! the scope. A validity predicate (the class invariant, `repOk`) reads fields through a
//! [`FieldReader`], which logs the order of first reads. [`korat::search`] enumerates every
//! valid candidate up to isomorphism (Korat: Boyapati, Khurshid and Marinov, ISSTA 2002).
//! A [`CnfEncoding`] states the same invariant in CNF, and [`sat::field_exhaustive_suite`]
//! runs the paper's Algorithm 1 over it (incremental SAT).
//!
//! Pure: no I/O, no randomness.

mod binary_tree;
pub mod cnf;
pub mod extension;
pub mod heap_scope;
pub mod korat;
mod linked_list;
pub mod oracle;
pub mod reachable;
pub mod sat;
pub mod suite;
mod tree_map;
pub mod units;

pub use binary_tree::BinaryTree;
pub use heap_scope::{FieldRange, HeapScope, ScopeError};
pub use korat::{SearchStats, search, search_within};
pub use linked_list::LinkedListScope;
pub use tree_map::TreeMapScope;

/// An object class of a scope, for isomorphism breaking: objects of one class are
/// interchangeable, so a structure is counted once however its objects are numbered.
pub type ClassId = usize;

/// The values a field of the candidate vector may take, as indices `0..size()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldDomain {
    /// `values` primitive values (the finitization says what index i stands for).
    Primitive {
        /// How many.
        values: u32,
    },
    /// A reference: index 0 is `null`, index i ≥ 1 is object i − 1 of `class`.
    Reference {
        /// The class of the objects.
        class: ClassId,
        /// How many objects the scope has of it.
        objects: u32,
    },
}

impl FieldDomain {
    /// The number of values (for a reference, `null` and the objects).
    pub fn size(self) -> u32 {
        match self {
            Self::Primitive { values } => values,
            Self::Reference { objects, .. } => objects + 1,
        }
    }
}

/// A scope: the fields of the candidate vector and their domains.
///
/// Contract: `domains()` is fixed for the finitization's lifetime and every domain is
/// non-empty.
pub trait Finitization {
    /// The domain of every field, in candidate-vector order.
    fn domains(&self) -> &[FieldDomain];
}

/// A port's scope with its class invariant: the finitization of a
/// [`HeapBuild`](crate::subject::heap::HeapBuild) port and the validity predicate (repOk)
/// Korat runs on its candidates.
///
/// Contract: `rep_ok` is deterministic, decides from the fields it reads, and reads the
/// reference fields in breadth-first order from the header (each reached node's in
/// declaration order), so that Korat numbers nodes as
/// [`canonical`](crate::subject::heap::canonical) does; the scope's nodes are one class.
pub trait Invariant {
    /// The candidate layout.
    fn heap_scope(&self) -> &HeapScope;

    /// The invariant on a candidate.
    fn rep_ok(&self, reader: &mut FieldReader<'_>) -> bool;

    /// Every valid candidate, one per isomorphism class, in Korat's order.
    fn structures(&self) -> Vec<Vec<u32>>
    where
        Self: Sized,
    {
        let mut found = Vec::new();
        search(self, |r| self.rep_ok(r), |c| found.push(c.to_vec()));
        found
    }

    /// Whether a heap (of a port instance, say) satisfies the invariant; `None` when it
    /// does not fit the scope (more nodes, or a value outside a field's range).
    fn holds(&self, heap: &crate::subject::heap::HeapFields) -> Option<bool> {
        let candidate = self
            .heap_scope()
            .candidate(&crate::subject::heap::canonical(heap))?;
        let (mut read, mut order) = (vec![false; candidate.len()], Vec::new());
        Some(self.rep_ok(&mut FieldReader::new(&candidate, &mut read, &mut order)))
    }
}

/// A port's invariant stated in CNF over its scope's candidate vector, for the paper's
/// Algorithm 1 ([`sat`]).
///
/// Contract: the models of [`CnfEncoding::encode`]'s formula, decoded, are exactly the
/// candidates Korat reports for the scope ([`Invariant::structures`]: valid, nodes numbered
/// breadth first, fields of unreachable nodes at index 0), each once, and its reachability
/// literals follow the [`cnf`] module's contract. Within [`CnfEncoding::encoding_limit`]
/// nodes.
pub trait CnfEncoding: Invariant {
    /// The largest scope (nodes) the encoding is built for.
    fn encoding_limit(&self) -> usize;

    /// The invariant in CNF (the scope has at most [`CnfEncoding::encoding_limit`] nodes).
    fn encode_within_limit(&self) -> cnf::ScopeCnf;

    /// The invariant in CNF, or the limit the scope exceeds.
    fn encode(&self) -> Result<cnf::ScopeCnf, BeyondEncoding> {
        let (nodes, limit) = (self.heap_scope().nodes(), self.encoding_limit());
        if nodes > limit {
            return Err(BeyondEncoding { nodes, limit });
        }
        Ok(self.encode_within_limit())
    }
}

/// A scope larger than its CNF encoding is built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("scope {nodes} is beyond the CNF encoding's limit of {limit} nodes")]
pub struct BeyondEncoding {
    /// The scope's nodes.
    pub nodes: usize,
    /// The encoding's limit.
    pub limit: usize,
}

impl<T: Invariant> Finitization for T {
    fn domains(&self) -> &[FieldDomain] {
        self.heap_scope().domains()
    }
}

/// A validity predicate's view of a candidate: reading a field logs it (first reads
/// only, in order) so the search knows which fields decided the verdict.
#[derive(Debug)]
pub struct FieldReader<'a> {
    values: &'a [u32],
    read: &'a mut [bool],
    order: &'a mut Vec<usize>,
}

impl<'a> FieldReader<'a> {
    /// A reader over `values` that logs into `read` (all `false`, one per field) and
    /// `order` (empty).
    pub fn new(values: &'a [u32], read: &'a mut [bool], order: &'a mut Vec<usize>) -> Self {
        debug_assert!(order.is_empty() && read.iter().all(|r| !r));
        FieldReader {
            values,
            read,
            order,
        }
    }

    /// The value index of field `field` (see [`FieldDomain`]).
    #[inline]
    pub fn get(&mut self, field: usize) -> u32 {
        if !self.read[field] {
            self.read[field] = true;
            self.order.push(field);
        }
        self.values[field]
    }

    /// The object a reference field points to (`None` for `null`).
    #[inline]
    pub fn object(&mut self, field: usize) -> Option<usize> {
        self.get(field).checked_sub(1).map(|o| o as usize)
    }
}
