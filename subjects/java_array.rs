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
#[derive(Clone, Debug)]
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
        self.check(index, count)?;
        spend(count as u64);
        (index..index + count).map(|i| self.get(i)).collect()
    }

    /// Writes `values` from `index` on (the destination side of `System.arraycopy`).
    pub(crate) fn write(&mut self, index: i32, values: &[Option<i32>]) -> Result<()> {
        self.check(index, values.len() as i32)?;
        spend(values.len() as u64);
        for (offset, &value) in values.iter().enumerate() {
            self.set(index + offset as i32, value)?;
        }
        Ok(())
    }

    /// `System.arraycopy(es, srcPos, es, destPos, length)`: overlapping ranges copy as
    /// if through a temporary array.
    pub(crate) fn copy_within(&mut self, src_pos: i32, dest_pos: i32, length: i32) -> Result<()> {
        self.check(dest_pos, length)?;
        let moved = self.read(src_pos, length)?;
        self.write(dest_pos, &moved)
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
