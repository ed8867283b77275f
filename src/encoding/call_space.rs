//! The method call search tree: method-call indices in [0, j) ⟷ (method, parameter tuple).

use super::EncodingError;

/// The maximum number of slots in a parameter tuple (parameters + target + return).
pub const MAX_SLOTS: usize = 8;

/// Up to this many method calls, every decoded call is precomputed in a table.
const TABLE_LIMIT: u64 = 1 << 18;

/// The shape of one method's parameter tuple: its slot radices, nc(m) and the offset
/// nc(m₁) + … + nc(m_{p−1}) of its first call index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodShape {
    /// An opaque label carried into every [`DecodedCall`] of this method (e.g. the
    /// subject's method number).
    pub label: usize,
    /// vps(t) of each slot, in tuple order (parameters, target, return).
    pub radices: Vec<u32>,
    /// nc(m) = Π radices.
    pub nc: u64,
    /// The first method-call index of this method.
    pub offset: u64,
}

/// One decoded method call: which method (by label and by position in M_C) and the pool
/// index of every slot of its parameter tuple.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodedCall {
    /// The label of the method (see [`MethodShape::label`]).
    pub method: usize,
    /// The position p of the method in M_C (0-based).
    pub position: usize,
    len: u8,
    slots: [u32; MAX_SLOTS],
}

impl DecodedCall {
    /// The pool index of every slot, in tuple order.
    pub fn slots(&self) -> &[u32] {
        &self.slots[..self.len as usize]
    }
}

/// The method call search tree of a context: j = Σ nc(m) leaves, each a method-call index.
///
/// Contract: `decode_call(encode_call(p, v)) == (p, v)` for every valid method position p
/// and slot tuple v, and `encode_call(decode_call(c)) == c` for every c < j.
#[derive(Clone, Debug)]
pub struct CallSpace {
    shapes: Vec<MethodShape>,
    j: u32,
    table: Vec<DecodedCall>,
}

impl CallSpace {
    /// Builds the call space of methods with the given `(label, slot radices)`, in M_C order.
    /// Methods with a zero radix have nc(m) = 0 and contribute no calls.
    pub fn new(methods: Vec<(usize, Vec<u32>)>) -> Result<Self, EncodingError> {
        let mut shapes = Vec::with_capacity(methods.len());
        let mut offset: u128 = 0;
        for (position, (label, radices)) in methods.into_iter().enumerate() {
            if radices.len() > MAX_SLOTS {
                return Err(EncodingError::TooManySlots {
                    method: position,
                    slots: radices.len(),
                    max: MAX_SLOTS,
                });
            }
            let nc = radices
                .iter()
                .fold(1u128, |acc, &r| acc.saturating_mul(r as u128));
            if offset + nc > u32::MAX as u128 {
                return Err(EncodingError::TooManyCalls {
                    j: offset.saturating_add(nc),
                    max: u32::MAX as u64,
                });
            }
            shapes.push(MethodShape {
                label,
                radices,
                nc: nc as u64,
                offset: offset as u64,
            });
            offset += nc;
        }
        if offset == 0 {
            return Err(EncodingError::NoCalls);
        }
        let mut space = CallSpace {
            shapes,
            j: offset as u32,
            table: Vec::new(),
        };
        if u64::from(space.j) <= TABLE_LIMIT {
            space.table = (0..space.j).map(|c| space.compute_call(c)).collect();
        }
        Ok(space)
    }

    /// j: the number of distinct method calls.
    pub fn j(&self) -> u32 {
        self.j
    }

    /// The methods' shapes, in M_C order.
    pub fn shapes(&self) -> &[MethodShape] {
        &self.shapes
    }

    /// Decodes method-call index `call` (< j) into its method and slot values.
    ///
    /// # Panics
    /// If `call ≥ j` (use [`CallSpace::checked_decode_call`] for untrusted input).
    #[inline]
    pub fn decode_call(&self, call: u32) -> DecodedCall {
        match self.table.get(call as usize) {
            Some(decoded) => *decoded,
            None => {
                assert!(call < self.j, "method-call index {call} ≥ j = {}", self.j);
                self.compute_call(call)
            }
        }
    }

    /// Decodes `call`, or explains why it is out of range (`position` is reported in the
    /// error as mc_position).
    pub fn checked_decode_call(
        &self,
        call: u64,
        position: usize,
    ) -> Result<DecodedCall, EncodingError> {
        if call >= u64::from(self.j) {
            return Err(EncodingError::CallOutOfRange {
                position,
                call,
                j: self.j,
            });
        }
        Ok(self.decode_call(call as u32))
    }

    fn compute_call(&self, call: u32) -> DecodedCall {
        let call = u64::from(call);
        // The last method whose offset is ≤ call and whose nc is non-zero.
        let position = self.shapes.partition_point(|s| s.offset <= call) - 1;
        let position = (0..=position)
            .rev()
            .find(|&p| self.shapes[p].nc > 0)
            .expect("call < j");
        let shape = &self.shapes[position];
        let mut rest = call - shape.offset;
        let mut slots = [0u32; MAX_SLOTS];
        for (slot, &radix) in slots.iter_mut().zip(&shape.radices) {
            *slot = (rest % u64::from(radix)) as u32;
            rest /= u64::from(radix);
        }
        DecodedCall {
            method: shape.label,
            position,
            len: shape.radices.len() as u8,
            slots,
        }
    }

    /// The method-call index of method `position` (in M_C) with the given slot values.
    pub fn encode_call(&self, position: usize, slots: &[u32]) -> Result<u32, EncodingError> {
        let shape = self
            .shapes
            .get(position)
            .ok_or(EncodingError::UnknownMethod {
                method: position,
                methods: self.shapes.len(),
            })?;
        if slots.len() != shape.radices.len() {
            return Err(EncodingError::WrongSlotCount {
                method: position,
                expected: shape.radices.len(),
                got: slots.len(),
            });
        }
        let mut index: u64 = 0;
        for (slot, (&value, &radix)) in slots.iter().zip(&shape.radices).enumerate().rev() {
            if value >= radix {
                return Err(EncodingError::SlotOutOfRange {
                    method: position,
                    slot,
                    value,
                    size: radix,
                });
            }
            index = index * u64::from(radix) + u64::from(value);
        }
        Ok((shape.offset + index) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn space() -> CallSpace {
        // m0: (2, 1) → 2 calls; m1: () → 1 call; m2: (2, 2, 3) → 12 calls; m3: (0) → none.
        CallSpace::new(vec![
            (10, vec![2, 1]),
            (11, vec![]),
            (12, vec![2, 2, 3]),
            (13, vec![0]),
        ])
        .unwrap()
    }

    #[test]
    fn j_is_the_sum_of_nc_over_methods() {
        let s = space();
        assert_eq!(s.j(), 2 + 1 + 12);
        let nc: Vec<u64> = s.shapes().iter().map(|m| m.nc).collect();
        assert_eq!(nc, vec![2, 1, 12, 0]);
    }

    #[test]
    fn decode_call_inverts_encode_call_for_every_call_below_j() {
        let s = space();
        for call in 0..s.j() {
            let d = s.decode_call(call);
            assert_eq!(s.encode_call(d.position, d.slots()).unwrap(), call);
            assert_eq!(d.method, 10 + d.position);
        }
    }

    #[test]
    fn first_slot_is_least_significant_in_the_parameter_list_index() {
        let s = space();
        // m2 starts at 3; ⟦v1, v2, v3⟧ = v1 + 2·(v2 + 2·v3).
        assert_eq!(s.encode_call(2, &[1, 0, 0]).unwrap(), 3 + 1);
        assert_eq!(s.encode_call(2, &[0, 1, 0]).unwrap(), 3 + 2);
        assert_eq!(s.encode_call(2, &[0, 0, 1]).unwrap(), 3 + 4);
        assert_eq!(s.decode_call(3 + 11).slots(), &[1, 1, 2]);
    }

    #[test]
    fn untabled_decoding_agrees_with_the_table() {
        let s = space();
        for call in 0..s.j() {
            assert_eq!(s.compute_call(call), s.decode_call(call));
        }
    }

    #[test]
    fn out_of_range_inputs_are_errors() {
        let s = space();
        assert!(matches!(
            s.checked_decode_call(15, 1),
            Err(EncodingError::CallOutOfRange {
                call: 15,
                j: 15,
                ..
            })
        ));
        assert!(matches!(
            s.encode_call(2, &[0, 2, 0]),
            Err(EncodingError::SlotOutOfRange {
                slot: 1,
                value: 2,
                size: 2,
                ..
            })
        ));
        assert!(matches!(
            s.encode_call(9, &[]),
            Err(EncodingError::UnknownMethod { .. })
        ));
        assert!(matches!(
            s.encode_call(1, &[0]),
            Err(EncodingError::WrongSlotCount { .. })
        ));
        assert_eq!(
            CallSpace::new(vec![(0, vec![0])]).unwrap_err(),
            EncodingError::NoCalls
        );
    }
}
