//! GZIP members (RFC 1952) around DEFLATE streams: Parquet's GZIP codec.

use miniz_oxide::deflate::compress_to_vec;
use miniz_oxide::inflate::TINFLStatus;
use miniz_oxide::inflate::core::{DecompressorOxide, decompress as inflate, inflate_flags};

/// The compression level, on zlib's scale (0 none, 6 zlib's default, 9 the smallest).
const LEVEL: u8 = 3;

/// `data` as one GZIP member.
pub(crate) fn compress(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF];
    out.extend_from_slice(&compress_to_vec(data, LEVEL));
    out.extend_from_slice(&crc32(data).to_le_bytes());
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out
}

/// The data of the GZIP members in `bytes`, which must come to `expected` bytes.
pub(crate) fn decompress(bytes: &[u8], expected: usize) -> Result<Vec<u8>, String> {
    // The header's size is not trusted with an allocation: the data grows as it inflates.
    let mut out = Vec::with_capacity(expected.min(1 << 20));
    let mut rest = bytes;
    while !rest.is_empty() && out.len() < expected {
        let start = header_length(rest)?;
        let (data, used) = inflate_stream(&rest[start..], expected - out.len())?;
        let trailer = start + used;
        let crc = rest
            .get(trailer..trailer + 4)
            .ok_or("a GZIP page is cut off")?;
        if u32::from_le_bytes(crc.try_into().expect("4 bytes")) != crc32(&data) {
            return Err("a GZIP page fails its checksum".into());
        }
        out.extend_from_slice(&data);
        rest = &rest[trailer + 8.min(rest.len() - trailer)..];
    }
    if out.len() != expected {
        return Err(format!(
            "a GZIP page holds {} bytes, its header says {expected}",
            out.len()
        ));
    }
    Ok(out)
}

/// The length of a GZIP member's header (RFC 1952, section 2.3).
fn header_length(bytes: &[u8]) -> Result<usize, String> {
    if bytes.len() < 10 || bytes[0] != 0x1F || bytes[1] != 0x8B || bytes[2] != 8 {
        return Err("a GZIP page has no GZIP header".into());
    }
    let flags = bytes[3];
    let mut at = 10;
    if flags & 4 != 0 {
        let extra = bytes.get(at..at + 2).ok_or("a GZIP header is cut off")?;
        at += 2 + usize::from(u16::from_le_bytes([extra[0], extra[1]]));
    }
    for flag in [8, 16] {
        if flags & flag != 0 {
            let end = bytes[at.min(bytes.len())..]
                .iter()
                .position(|&b| b == 0)
                .ok_or("a GZIP header is cut off")?;
            at += end + 1;
        }
    }
    if flags & 2 != 0 {
        at += 2;
    }
    if at > bytes.len() {
        return Err("a GZIP header is cut off".into());
    }
    Ok(at)
}

/// The data of the DEFLATE stream at the start of `stream` (at most `limit` bytes), and how
/// many bytes of `stream` it takes.
fn inflate_stream(stream: &[u8], limit: usize) -> Result<(Vec<u8>, usize), String> {
    let mut decompressor = DecompressorOxide::new();
    let mut out = vec![0u8; limit.clamp(1, 1 << 16)];
    let (mut read, mut written) = (0, 0);
    loop {
        let flags = inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
        let (status, used, made) =
            inflate(&mut decompressor, &stream[read..], &mut out, written, flags);
        read += used;
        written += made;
        match status {
            TINFLStatus::Done => {
                out.truncate(written);
                return Ok((out, read));
            }
            TINFLStatus::HasMoreOutput if out.len() < limit => {
                let grown = (out.len() * 2).min(limit);
                out.resize(grown, 0);
            }
            TINFLStatus::HasMoreOutput => {
                return Err("a GZIP page holds more than its header says".into());
            }
            _ => return Err("a GZIP page does not inflate".into()),
        }
    }
}

/// CRC-32 (IEEE 802.3, reflected), as GZIP's trailer holds it.
fn crc32(data: &[u8]) -> u32 {
    crc32fast::hash(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_of_the_check_string_is_the_standard_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn data_comes_back_from_one_or_two_members() {
        let data: Vec<u8> = (0..100_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let one = compress(&data);
        assert_eq!(decompress(&one, data.len()).unwrap(), data);
        let mut two = compress(&data[..40_000]);
        two.extend(compress(&data[40_000..]));
        assert_eq!(decompress(&two, data.len()).unwrap(), data);
        let mut damaged = one.clone();
        let last = damaged.len() - 6;
        damaged[last] ^= 1;
        assert!(decompress(&damaged, data.len()).is_err());
        assert!(decompress(&one[..one.len() / 2], data.len()).is_err());
    }
}
