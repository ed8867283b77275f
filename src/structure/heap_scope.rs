//! The scope of a heap-described port: its fields laid out as a Korat candidate vector.

use crate::subject::heap::{FieldKind, FieldValue, HeapBuild, HeapFields};

use super::{FieldDomain, FieldReader, Finitization};

/// The class id of a scope's nodes (every heap scope has one class of nodes).
pub const NODE: usize = 0;

/// The finite values a field may take in a scope.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldRange {
    /// `null` or one of the scope's nodes.
    Node,
    /// One of these `int`s.
    Ints(Vec<i32>),
    /// `null` (index 0) or one of these `int`s.
    Integers(Vec<i32>),
    /// `false` (index 0) or `true`.
    Bool,
}

impl FieldRange {
    fn domain(&self, nodes: usize) -> FieldDomain {
        let values = |n: usize| FieldDomain::Primitive { values: n as u32 };
        match self {
            Self::Node => FieldDomain::Reference {
                class: NODE,
                objects: nodes as u32,
            },
            Self::Ints(v) => values(v.len()),
            Self::Integers(v) => values(v.len() + 1),
            Self::Bool => values(2),
        }
    }

    fn value(&self, index: u32) -> FieldValue {
        let index = index as usize;
        match self {
            Self::Node => index
                .checked_sub(1)
                .map_or(FieldValue::Null, FieldValue::Node),
            Self::Ints(v) => FieldValue::Int(v[index]),
            Self::Integers(v) => index
                .checked_sub(1)
                .map_or(FieldValue::Null, |i| FieldValue::Int(v[i])),
            Self::Bool => FieldValue::Bool(index == 1),
        }
    }

    fn index(&self, value: FieldValue, nodes: usize) -> Option<u32> {
        let position = |v: &Vec<i32>, i: i32| v.iter().position(|&x| x == i);
        let index = match (self, value) {
            (Self::Node, FieldValue::Null) | (Self::Integers(_), FieldValue::Null) => 0,
            (Self::Node, FieldValue::Node(n)) if n < nodes => n + 1,
            (Self::Ints(v), FieldValue::Int(i)) => position(v, i)?,
            (Self::Integers(v), FieldValue::Int(i)) => position(v, i)? + 1,
            (Self::Bool, FieldValue::Bool(b)) => usize::from(b),
            _ => return None,
        };
        Some(index as u32)
    }

    fn fits(&self, kind: FieldKind) -> bool {
        matches!(
            (self, kind),
            (Self::Node, FieldKind::Node)
                | (Self::Ints(_), FieldKind::Int)
                | (Self::Integers(_), FieldKind::Integer)
                | (Self::Bool, FieldKind::Bool)
        )
    }
}

/// A scope that does not fit its port.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScopeError {
    /// A range for a field of another kind, or the wrong number of ranges.
    #[error("the {object} ranges do not match the port's fields {fields:?}")]
    Ranges {
        /// `header` or `node`.
        object: &'static str,
        /// The port's field names.
        fields: Vec<&'static str>,
    },
    /// A field range with no values.
    #[error("field `{field}` has no values in the scope")]
    Empty {
        /// The field.
        field: &'static str,
    },
}

/// A port's scope: n nodes and a finite range per field. The candidate vector is the
/// header's fields, then node 0's, node 1's, … (Korat's layout); object i of the node class
/// is node i.
#[derive(Clone, Debug)]
pub struct HeapScope {
    header: Vec<(&'static str, FieldRange)>,
    node: Vec<(&'static str, FieldRange)>,
    nodes: usize,
    domains: Vec<FieldDomain>,
}

impl HeapScope {
    /// The scope of port `T` with `nodes` nodes and the given ranges (one per field of
    /// [`HeapBuild::HEADER`] and [`HeapBuild::NODE`], in order).
    pub fn new<T: HeapBuild>(
        nodes: usize,
        header: Vec<FieldRange>,
        node: Vec<FieldRange>,
    ) -> Result<Self, ScopeError> {
        let zip = |object, declared: &[(&'static str, FieldKind)], ranges: Vec<FieldRange>| {
            let mismatch = || ScopeError::Ranges {
                object,
                fields: declared.iter().map(|(name, _)| *name).collect(),
            };
            if declared.len() != ranges.len() {
                return Err(mismatch());
            }
            declared
                .iter()
                .zip(ranges)
                .map(|(&(name, kind), range)| {
                    range
                        .fits(kind)
                        .then_some((name, range))
                        .ok_or_else(mismatch)
                })
                .collect::<Result<Vec<_>, _>>()
        };
        let header = zip("header", T::HEADER, header)?;
        let node = zip("node", T::NODE, node)?;
        let domains: Vec<FieldDomain> = header
            .iter()
            .map(|(_, r)| r.domain(nodes))
            .chain((0..nodes).flat_map(|_| node.iter().map(|(_, r)| r.domain(nodes))))
            .collect();
        for (name, range) in header.iter().chain(&node) {
            if range.domain(nodes).size() == 0 {
                return Err(ScopeError::Empty { field: name });
            }
        }
        Ok(HeapScope {
            header,
            node,
            nodes,
            domains,
        })
    }

    /// Nodes in the scope.
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// The port's fields (#F of the paper's bound #F · n²): the header's and a node's.
    pub fn fields(&self) -> usize {
        self.header.len() + self.node.len()
    }

    /// The names of the header's fields, in declaration order.
    pub fn header_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.header.iter().map(|(name, _)| *name)
    }

    /// The names of a node's fields, in declaration order.
    pub fn node_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.node.iter().map(|(name, _)| *name)
    }

    /// The candidate positions of node `node`'s fields.
    pub fn node_fields(&self, node: usize) -> std::ops::Range<usize> {
        self.node_field(node, 0)..self.node_field(node, 0) + self.node.len()
    }

    /// The candidate position of header field `field` (index into [`HeapBuild::HEADER`]).
    pub fn header_field(&self, field: usize) -> usize {
        field
    }

    /// The candidate position of field `field` of node `node`.
    pub fn node_field(&self, node: usize, field: usize) -> usize {
        self.header.len() + node * self.node.len() + field
    }

    /// The value of a field of the candidate, read through `reader`.
    pub fn read(&self, reader: &mut FieldReader<'_>, position: usize) -> FieldValue {
        let index = reader.get(position);
        self.range(position).value(index)
    }

    /// The value index `index` of field `position` stands for.
    pub fn value_of(&self, position: usize, index: u32) -> FieldValue {
        self.range(position).value(index)
    }

    fn range(&self, position: usize) -> &FieldRange {
        match position.checked_sub(self.header.len()) {
            None => &self.header[position].1,
            Some(p) => &self.node[p % self.node.len()].1,
        }
    }

    /// The heap a candidate describes (all n nodes, reachable or not).
    pub fn heap(&self, candidate: &[u32]) -> HeapFields {
        let value = |position: usize| self.range(position).value(candidate[position]);
        HeapFields {
            header: (0..self.header.len()).map(value).collect(),
            nodes: (0..self.nodes)
                .map(|n| {
                    (0..self.node.len())
                        .map(|f| value(self.node_field(n, f)))
                        .collect()
                })
                .collect(),
        }
    }

    /// The candidate of a heap (its fields of nodes beyond the heap's at index 0), or
    /// `None` if the heap has more nodes than the scope or a value outside a field's range.
    pub fn candidate(&self, heap: &HeapFields) -> Option<Vec<u32>> {
        if heap.nodes.len() > self.nodes
            || heap.header.len() != self.header.len()
            || heap.nodes.iter().any(|n| n.len() != self.node.len())
        {
            return None;
        }
        let mut candidate = vec![0u32; self.domains.len()];
        for (f, &value) in heap.header.iter().enumerate() {
            candidate[f] = self.header[f].1.index(value, self.nodes)?;
        }
        for (n, fields) in heap.nodes.iter().enumerate() {
            for (f, &value) in fields.iter().enumerate() {
                candidate[self.node_field(n, f)] = self.node[f].1.index(value, self.nodes)?;
            }
        }
        Some(candidate)
    }
}

impl HeapScope {
    /// A heap of this scope's port in JSON, `{"header": {field: value}, "nodes": [{field:
    /// value}, ...]}`: node references as node numbers, `null`, ints and booleans as JSON's
    /// (the form of `testspace fe --suites` and of a structure run's suite file).
    pub fn heap_json(&self, heap: &HeapFields) -> serde_json::Value {
        let object =
            |names: &[(&'static str, FieldRange)], values: &[FieldValue]| -> serde_json::Value {
                names
                    .iter()
                    .zip(values)
                    .map(|((name, _), &value)| {
                        let json = match value {
                            FieldValue::Null => serde_json::Value::Null,
                            FieldValue::Node(n) => n.into(),
                            FieldValue::Int(i) => i.into(),
                            FieldValue::Bool(b) => b.into(),
                        };
                        (name.to_string(), json)
                    })
                    .collect::<serde_json::Map<_, _>>()
                    .into()
            };
        serde_json::json!({
            "header": object(&self.header, &heap.header),
            "nodes": heap.nodes.iter().map(|node| object(&self.node, node)).collect::<Vec<_>>(),
        })
    }

    /// The heap a [`HeapScope::heap_json`] document describes: every field of the port
    /// present with a value of its kind (a reference: `null` or a node number; an `int`; an
    /// `Integer`: `null` or an int; a `boolean`), or `None`. Values need not be in the
    /// scope's ranges.
    pub fn heap_from_json(&self, json: &serde_json::Value) -> Option<HeapFields> {
        let object = |names: &[(&'static str, FieldRange)], json: &serde_json::Value| {
            let fields = json.as_object()?;
            if fields.len() != names.len() {
                return None;
            }
            names
                .iter()
                .map(|(name, range)| {
                    let value = fields.get(*name)?;
                    let int = || value.as_i64().and_then(|i| i32::try_from(i).ok());
                    Some(match (range, value.is_null()) {
                        (FieldRange::Node | FieldRange::Integers(_), true) => FieldValue::Null,
                        (FieldRange::Node, false) => {
                            FieldValue::Node(usize::try_from(value.as_u64()?).ok()?)
                        }
                        (FieldRange::Ints(_) | FieldRange::Integers(_), false) => {
                            FieldValue::Int(int()?)
                        }
                        (FieldRange::Bool, false) => FieldValue::Bool(value.as_bool()?),
                        _ => return None,
                    })
                })
                .collect::<Option<Vec<_>>>()
        };
        Some(HeapFields {
            header: object(&self.header, json.get("header")?)?,
            nodes: json
                .get("nodes")?
                .as_array()?
                .iter()
                .map(|node| object(&self.node, node))
                .collect::<Option<_>>()?,
        })
    }
}

impl Finitization for HeapScope {
    fn domains(&self) -> &[FieldDomain] {
        &self.domains
    }
}

#[cfg(test)]
mod tests {
    use crate::structure::units::FINITIZATIONS;
    use crate::subject::heap::canonical;

    #[test]
    fn every_valid_structure_reads_back_from_its_json_and_other_documents_are_refused() {
        for f in &FINITIZATIONS {
            let scope = f.scope(3);
            let layout = scope.heap_scope();
            let mut checked = 0;
            crate::structure::search(
                layout,
                |r| scope.rep_ok(r),
                |c| {
                    let heap = canonical(&layout.heap(c));
                    let json = layout.heap_json(&heap);
                    assert_eq!(layout.heap_from_json(&json), Some(heap), "{}", f.unit);
                    checked += 1;
                },
            );
            assert!(checked > 10, "{}: {checked}", f.unit);
            let empty = canonical(&layout.heap(&vec![0; layout.domains.len()]));
            let mut json = layout.heap_json(&empty);
            json["header"]
                .as_object_mut()
                .unwrap()
                .insert("size".into(), serde_json::Value::Bool(true));
            assert_eq!(layout.heap_from_json(&json), None, "a boolean size");
            assert_eq!(
                layout.heap_from_json(&serde_json::json!({"header": {}, "nodes": []})),
                None,
                "fields missing"
            );
        }
    }
}
