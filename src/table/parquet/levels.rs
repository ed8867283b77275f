//! Parquet's RLE / bit-packed hybrid encoding: the definition levels of optional columns
//! and the indices of dictionary-encoded pages.

use super::thrift::{Reader, write_varint};

/// `levels` (each 0 or 1) as runs of equal values, each a repeated-value run (a header of
/// the run's length shifted left once, then the value in one byte).
pub(crate) fn encode_bits(levels: impl Iterator<Item = bool>, out: &mut Vec<u8>) {
    let mut run: Option<(bool, u64)> = None;
    for level in levels {
        run = match run {
            Some((value, count)) if value == level => Some((value, count + 1)),
            Some((value, count)) => {
                write_run(value, count, out);
                Some((level, 1))
            }
            None => Some((level, 1)),
        };
    }
    if let Some((value, count)) = run {
        write_run(value, count, out);
    }
}

fn write_run(value: bool, count: u64, out: &mut Vec<u8>) {
    write_varint(count << 1, out);
    out.push(u8::from(value));
}

/// `count` values of `bit_width` bits (at most 32) from the hybrid encoding in `bytes`.
pub(crate) fn decode(bytes: &[u8], bit_width: u8, count: usize) -> Result<Vec<u32>, String> {
    if bit_width > 32 {
        return Err(format!("a bit width of {bit_width}"));
    }
    let width = usize::from(bit_width);
    let value_bytes = width.div_ceil(8);
    let mut out = Vec::with_capacity(count.min(bytes.len() * 8));
    let mut reader = Reader::new(bytes);
    while out.len() < count {
        let header = reader.varint().map_err(|e| e.0)?;
        let at = reader.position();
        if header & 1 == 0 {
            let run = usize::try_from(header >> 1).map_err(|_| "a run too long")?;
            let raw = bytes.get(at..at + value_bytes).ok_or("levels cut off")?;
            let value = raw.iter().rev().fold(0u32, |v, &b| (v << 8) | u32::from(b));
            let take = run.min(count - out.len());
            out.extend(std::iter::repeat_n(value, take));
            reader.seek(at + value_bytes).map_err(|e| e.0)?;
        } else {
            let groups = usize::try_from(header >> 1).map_err(|_| "a run too long")?;
            let length = groups.checked_mul(width).ok_or("a run too long")?;
            let packed = bytes.get(at..at + length).ok_or("levels cut off")?;
            let values = groups * 8;
            for i in 0..values.min(count - out.len()) {
                out.push(unpack(packed, i, width));
            }
            reader.seek(at + length).map_err(|e| e.0)?;
        }
    }
    Ok(out)
}

/// Value `i` of `width` bits, packed least significant bit first.
fn unpack(packed: &[u8], i: usize, width: usize) -> u32 {
    let mut value = 0u32;
    for bit in 0..width {
        let at = i * width + bit;
        if packed[at / 8] >> (at % 8) & 1 == 1 {
            value |= 1 << bit;
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_levels_decode_back() {
        let levels: Vec<bool> = (0..1000).map(|i| i % 7 < 3 || i > 900).collect();
        let mut bytes = Vec::new();
        encode_bits(levels.iter().copied(), &mut bytes);
        let decoded = decode(&bytes, 1, levels.len()).unwrap();
        assert_eq!(
            decoded,
            levels.iter().map(|&l| u32::from(l)).collect::<Vec<_>>()
        );
    }

    #[test]
    fn bit_packed_groups_decode_as_the_format_says() {
        // The format's example: values 0..8 at width 3, one group: header (1 << 1) | 1.
        let bytes = [0x03, 0b1000_1000, 0b1100_0110, 0b1111_1010];
        assert_eq!(decode(&bytes, 3, 8).unwrap(), (0..8).collect::<Vec<u32>>());
        // A repeated run of 5 values 300 at width 9 (two bytes, little-endian).
        assert_eq!(decode(&[0x0A, 0x2C, 0x01], 9, 5).unwrap(), vec![300; 5]);
        assert!(decode(&[0x0A], 9, 5).is_err());
        assert!(decode(&[0x05, 0xFF], 3, 16).is_err());
    }
}
