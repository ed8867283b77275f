//! The Java platform code the subjects share, which Java keeps outside each class's own
//! source file (and the paper therefore did not count or mutate): the emulated `Object[]`
//! array with `System.arraycopy` and `Arrays.copyOf` ([`ElementData`]),
//! `jdk.internal.util.ArraysSupport.newLength`/`hugeLength` ([`new_length`]), and the
//! `java.util.Objects` checks ([`check_index`], [`non_null`]).
//!
//! Arrays are stored lazily (a length plus the slots written so far), so a large capacity
//! costs no memory. Copying elements costs fuel, one unit per element
//! (`crate::subject::guard::spend`): this code is not instrumented, but under the
//! schemata guards its work must count, or a list that doubles itself would grow without
//! bound between two loop iterations. Allocating an array of [`HEAP_ARRAY_LIMIT`] or more slots throws
//! `OutOfMemoryError`: a JVM whose heap cannot hold an `Object[]` of 2^28 references
//! (1 GiB with compressed oops, e.g. `-Xmx1g`) fails there, and `hugeLength` throws it for
//! lengths beyond `Integer.MAX_VALUE`. A real JVM's boundary depends on its heap size, so a
//! differential test should avoid lengths between 2^27 and 2^29. Reading or writing
//! outside an array throws `IndexOutOfBoundsException` (Java's
//! `ArrayIndexOutOfBoundsException` is a subclass): the ports never do, but mutants may.

use crate::subject::JavaException;
use crate::subject::guard::spend;

/// `ArraysSupport.SOFT_MAX_ARRAY_LENGTH`: the largest length `newLength` prefers.
pub const SOFT_MAX_ARRAY_LENGTH: i32 = i32::MAX - 8;

/// Arrays of this many slots or more cannot be allocated: `OutOfMemoryError` (see the
/// module documentation).
pub const HEAP_ARRAY_LIMIT: i32 = 1 << 28;

/// The result of a Java method: its value, or the exception it throws.
pub type Result<T> = std::result::Result<T, JavaException>;

/// `elementData`: a Java `Object[]` of `length` slots, stored lazily: slots beyond
/// `written` hold `null`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ElementData {
    written: Vec<Option<i32>>,
    pub(crate) length: i32,
    /// Whether this is the shared `DEFAULTCAPACITY_EMPTY_ELEMENTDATA` sentinel (the
    /// only array Java compares by identity).
    pub(crate) default_capacity_empty: bool,
}

impl ElementData {
    /// `EMPTY_ELEMENTDATA` (any other zero-length array behaves the same).
    pub(crate) const EMPTY_ELEMENTDATA: ElementData = ElementData {
        written: Vec::new(),
        length: 0,
        default_capacity_empty: false,
    };

    /// `DEFAULTCAPACITY_EMPTY_ELEMENTDATA`.
    pub(crate) const DEFAULTCAPACITY_EMPTY_ELEMENTDATA: ElementData = ElementData {
        written: Vec::new(),
        length: 0,
        default_capacity_empty: true,
    };

    /// `new Object[length]`.
    pub(crate) fn new_array(length: i32) -> Result<Self> {
        if length < 0 {
            return Err(JavaException::NegativeArraySize);
        }
        if length >= HEAP_ARRAY_LIMIT {
            return Err(JavaException::OutOfMemory); // "Java heap space"
        }
        Ok(ElementData {
            length,
            ..Self::EMPTY_ELEMENTDATA
        })
    }

    /// `Arrays.copyOf(this, newLength)`.
    pub(crate) fn copy_of(&self, new_length: i32) -> Result<Self> {
        let mut copy = Self::new_array(new_length)?;
        spend(self.written.len() as u64);
        copy.written = self.written.clone();
        copy.written.truncate(new_length as usize);
        Ok(copy)
    }

    /// The first of `count` slots from `index`, if they lie within the array.
    fn check(&self, index: i32, count: i32) -> Result<usize> {
        if index < 0 || count < 0 || index > self.length - count {
            return Err(JavaException::IndexOutOfBounds); // ArrayIndexOutOfBoundsException
        }
        Ok(index as usize)
    }

    /// `es[index]`.
    pub(crate) fn get(&self, index: i32) -> Result<Option<i32>> {
        let i = self.check(index, 1)?;
        Ok(self.written.get(i).copied().flatten())
    }

    /// `es[index] = value`.
    pub(crate) fn set(&mut self, index: i32, value: Option<i32>) -> Result<()> {
        let i = self.check(index, 1)?;
        if i >= self.written.len() {
            if value.is_none() {
                return Ok(());
            }
            spend((i + 1 - self.written.len()) as u64);
            self.written.resize(i + 1, None);
        }
        self.written[i] = value;
        Ok(())
    }

    /// The `count` slots from `index` (the source side of `System.arraycopy`).
    pub(crate) fn read(&self, index: i32, count: i32) -> Result<Vec<Option<i32>>> {
        let start = self.check(index, count)?;
        spend(count as u64);
        let mut values = Vec::with_capacity(count as usize);
        values.extend_from_slice(self.stored(start, count as usize));
        values.resize(count as usize, None);
        Ok(values)
    }

    /// Writes `values` from `index` on (the destination side of `System.arraycopy`).
    pub(crate) fn write(&mut self, index: i32, values: &[Option<i32>]) -> Result<()> {
        let start = self.check(index, values.len() as i32)?;
        spend(values.len() as u64);
        if let Some(last) = values.iter().rposition(Option::is_some) {
            self.store_up_to(start + last + 1);
        }
        let stored = self.written.len().saturating_sub(start).min(values.len());
        if stored > 0 {
            self.written[start..start + stored].copy_from_slice(&values[..stored]);
        }
        Ok(())
    }

    /// `System.arraycopy(es, srcPos, es, destPos, length)`: overlapping ranges copy as
    /// if through a temporary array. The same checks, fuel and result as `read` of the
    /// source range then `write` of what it read, without the temporary.
    pub(crate) fn copy_within(&mut self, src_pos: i32, dest_pos: i32, length: i32) -> Result<()> {
        self.check(dest_pos, length)?;
        let src = self.check(src_pos, length)?;
        spend(length as u64); // read
        spend(length as u64); // write
        let (dest, length) = (dest_pos as usize, length as usize);
        if let Some(last) = self.stored(src, length).iter().rposition(Option::is_some) {
            self.store_up_to(dest + last + 1);
        }
        // Past the stored prefix every slot is null, on both sides (the prefix now reaches
        // the destination of the last non-null source slot): copy what lies within it on
        // both sides (memmove semantics), then null the stored destination slots whose
        // source lies beyond it.
        let stored_len = self.written.len();
        let copied = stored_len.saturating_sub(src.max(dest)).min(length);
        if copied > 0 {
            self.written.copy_within(src..src + copied, dest);
        }
        let nulled_end = (dest + length).min(stored_len);
        if dest + copied < nulled_end {
            self.written[dest + copied..nulled_end].fill(None);
        }
        Ok(())
    }

    /// The stored slots among the `count` from `start` (a prefix of them; the rest are
    /// `null`).
    fn stored(&self, start: usize, count: usize) -> &[Option<i32>] {
        let len = self.written.len();
        &self.written[start.min(len)..(start + count).min(len)]
    }

    /// Extends the stored prefix to `end` slots (new slots `null`), at one unit of fuel per
    /// new slot, as `set` does when it writes beyond the prefix.
    fn store_up_to(&mut self, end: usize) {
        if end > self.written.len() {
            spend((end - self.written.len()) as u64);
            self.written.resize(end, None);
        }
    }
}

/// `ArraysSupport.newLength(oldLength, minGrowth, prefGrowth)`.
pub(crate) fn new_length(old_length: i32, min_growth: i32, pref_growth: i32) -> Result<i32> {
    let pref_length = old_length.wrapping_add(min_growth.max(pref_growth)); // might overflow
    if 0 < pref_length && pref_length <= SOFT_MAX_ARRAY_LENGTH {
        Ok(pref_length)
    } else {
        huge_length(old_length, min_growth)
    }
}

/// `ArraysSupport.hugeLength(oldLength, minGrowth)`.
fn huge_length(old_length: i32, min_growth: i32) -> Result<i32> {
    let min_length = old_length.wrapping_add(min_growth);
    if min_length < 0 {
        // "Required array length " + oldLength + " + " + minGrowth + " is too large"
        Err(JavaException::OutOfMemory)
    } else if min_length <= SOFT_MAX_ARRAY_LENGTH {
        Ok(SOFT_MAX_ARRAY_LENGTH)
    } else {
        Ok(min_length)
    }
}

/// `Objects.checkIndex(index, length)`.
pub fn check_index(index: i32, length: i32) -> Result<()> {
    if index < 0 || index >= length {
        // "Index " + index + " out of bounds for length " + length
        return Err(JavaException::IndexOutOfBounds);
    }
    Ok(())
}

/// `Objects.requireNonNull(o)`, and the implicit check of any call on `o`: `null` throws
/// `NullPointerException`.
pub fn non_null<T>(o: Option<T>) -> Result<T> {
    o.ok_or(JavaException::NullPointer)
}

#[cfg(test)]
mod tests {
    use super::*;

    type E = JavaException;

    /// The element-by-element definitions `read`, `write` and `copy_within` must agree
    /// with: `get` and `set` per slot.
    mod reference {
        use super::*;

        pub fn read(a: &ElementData, index: i32, count: i32) -> Result<Vec<Option<i32>>> {
            a.check(index, count)?;
            spend(count as u64);
            (index..index + count).map(|i| a.get(i)).collect()
        }

        pub fn write(a: &mut ElementData, index: i32, values: &[Option<i32>]) -> Result<()> {
            a.check(index, values.len() as i32)?;
            spend(values.len() as u64);
            for (offset, &value) in values.iter().enumerate() {
                a.set(index + offset as i32, value)?;
            }
            Ok(())
        }

        pub fn copy_within(a: &mut ElementData, src: i32, dest: i32, length: i32) -> Result<()> {
            a.check(dest, length)?;
            let moved = read(a, src, length)?;
            write(a, dest, &moved)
        }
    }

    /// An array of `length` slots with `stored` (a prefix, possibly shorter) written.
    fn array(length: i32, stored: &[Option<i32>]) -> ElementData {
        let mut a = ElementData::new_array(length).unwrap();
        for (i, &v) in stored.iter().enumerate().take(length as usize) {
            a.written.resize(i + 1, None);
            a.written[i] = v;
        }
        a
    }

    /// Runs `f` with plenty of fuel; its result and the fuel it spent.
    fn fueled<T>(f: impl FnOnce() -> T) -> (T, u64) {
        let before = crate::subject::guard::fuel();
        crate::subject::guard::set_fuel(1 << 40);
        let result = f();
        let spent = (1 << 40) - crate::subject::guard::fuel();
        crate::subject::guard::set_fuel(before);
        (result, spent)
    }

    fn slot() -> impl Strategy<Value = Option<i32>> {
        prop::option::of(0..3)
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]
        #[test]
        fn read_write_and_copy_within_agree_with_get_and_set_slot_by_slot(
            length in 0i32..12,
            stored in prop::collection::vec(slot(), 0..12),
            values in prop::collection::vec(slot(), 0..8),
            src in -2i32..14,
            dest in -2i32..14,
            count in -1i32..10,
        ) {
            let a = array(length, &stored);
            prop_assert_eq!(
                fueled(|| a.read(src, count)),
                fueled(|| reference::read(&a, src, count))
            );
            let (mut fast, mut slow) = (a.clone(), a.clone());
            prop_assert_eq!(
                fueled(|| fast.write(dest, &values)),
                fueled(|| reference::write(&mut slow, dest, &values))
            );
            prop_assert_eq!(&fast.written, &slow.written);
            let (mut fast, mut slow) = (a.clone(), a.clone());
            prop_assert_eq!(
                fueled(|| fast.copy_within(src, dest, count)),
                fueled(|| reference::copy_within(&mut slow, src, dest, count))
            );
            prop_assert_eq!(&fast.written, &slow.written);
        }
    }

    #[test]
    fn copy_within_nulls_stored_slots_whose_source_lies_past_the_stored_prefix() {
        let mut a = array(10, &[Some(1), Some(2), Some(3)]);
        a.copy_within(2, 0, 3).unwrap();
        assert_eq!(a.written, vec![Some(3), None, None]);
        let mut a = array(10, &[Some(1), None, Some(3)]);
        a.copy_within(0, 5, 3).unwrap();
        assert_eq!(a.written[5..], [Some(1), None, Some(3)]);
        assert_eq!(a.written.len(), 8);
    }

    #[test]
    fn new_length_follows_arrays_support_including_huge_length() {
        assert_eq!(new_length(10, 1, 5), Ok(15));
        assert_eq!(new_length(10, 20, 5), Ok(30));
        // prefLength = MAX > SOFT_MAX: hugeLength returns minLength itself.
        assert_eq!(new_length(10, i32::MAX - 10, 5), Ok(i32::MAX));
        // prefLength overflows, minLength fits under the soft maximum.
        assert_eq!(
            new_length(
                SOFT_MAX_ARRAY_LENGTH - 2,
                1,
                (SOFT_MAX_ARRAY_LENGTH - 2) >> 1
            ),
            Ok(SOFT_MAX_ARRAY_LENGTH)
        );
        // minLength overflows: "Required array length ... is too large".
        assert_eq!(new_length(20, i32::MAX, 10), Err(E::OutOfMemory));
    }
}
