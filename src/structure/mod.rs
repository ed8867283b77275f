//! Structure generation: input *structures* (heaps of objects with fields) rather than call
//! sequences, for field-exhaustive testing (Ponzio, Aguirre, Frias and Visser, FSE 2016).
//!
//! A [`Finitization`] fixes a scope: a candidate vector of fields, each with a finite
//! [`FieldDomain`] — a range of primitive values, or `null` and the objects of one class of
//! the scope. A validity predicate (the class invariant, `repOk`) reads fields through a
//! [`FieldReader`], which logs the order of first reads. [`korat::search`] enumerates every
//! valid candidate up to isomorphism (Korat: Boyapati, Khurshid and Marinov, ISSTA 2002).
//!
//! Pure: no I/O, no randomness.

mod binary_tree;
pub mod korat;

pub use binary_tree::BinaryTree;
pub use korat::{SearchStats, search};

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

/// A validity predicate's view of a candidate: reading a field logs it (first reads
/// only, in order) so the search knows which fields decided the verdict.
#[derive(Debug)]
pub struct FieldReader<'a> {
    values: &'a [u32],
    read: &'a mut [bool],
    order: &'a mut Vec<usize>,
}

impl FieldReader<'_> {
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
