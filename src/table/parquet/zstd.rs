//! Parquet's ZSTD codec, decoded only: the pages of files written by other tools (and by
//! testspace before it wrote GZIP).

use std::io::Read as _;

/// The data of the ZSTD frames in `bytes`, which must come to `expected` bytes.
pub(crate) fn decompress(bytes: &[u8], expected: usize) -> Result<Vec<u8>, String> {
    // The header's size is not trusted with an allocation: the data grows as it decodes.
    let mut out = Vec::with_capacity(expected.min(1 << 20));
    let mut rest = bytes;
    while !rest.is_empty() && out.len() <= expected {
        let mut decoder = ruzstd::decoding::StreamingDecoder::new(&mut rest)
            .map_err(|e| format!("a ZSTD page is damaged ({e})"))?;
        // One byte more than is left to come tells a page that holds too much.
        let room = (expected - out.len()) as u64 + 1;
        (&mut decoder)
            .take(room)
            .read_to_end(&mut out)
            .map_err(|e| format!("a ZSTD page is damaged ({e})"))?;
    }
    if out.len() != expected {
        return Err(format!(
            "a ZSTD page holds {} bytes, its header says {expected}",
            out.len()
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `hello, hello, hello` as `zstd -3` writes it (with a checksum).
    const HELLO: [u8; 26] = [
        0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x58, 0x6D, 0x00, 0x00, 0x38, 0x68, 0x65, 0x6C, 0x6C, 0x6F,
        0x2C, 0x20, 0x01, 0x00, 0xE2, 0x8A, 0x11, 0x75, 0xF3, 0x98, 0x8E,
    ];

    #[test]
    fn a_frame_decodes_to_its_text_and_a_wrong_size_is_refused() {
        assert_eq!(decompress(&HELLO, 19).unwrap(), b"hello, hello, hello");
        assert!(decompress(&HELLO, 18).unwrap_err().contains("holds"));
        assert!(decompress(&HELLO, 20).unwrap_err().contains("holds"));
        assert!(
            decompress(&HELLO[..15], 19)
                .unwrap_err()
                .contains("damaged")
        );
    }
}
