//! Samples as a WAV file (16-bit PCM, mono): how the tests keep the sounds to listen to,
//! and how iOS's player takes them.

/// `samples` (-1..1) at `rate` as the bytes of a WAV file.
pub fn encode(samples: &[f32], rate: u32) -> Vec<u8> {
    let data = (samples.len() * 2) as u32;
    let mut w = Vec::with_capacity(44 + data as usize);
    w.extend_from_slice(b"RIFF");
    w.extend_from_slice(&(36 + data).to_le_bytes());
    w.extend_from_slice(b"WAVEfmt ");
    w.extend_from_slice(&16u32.to_le_bytes());
    w.extend_from_slice(&1u16.to_le_bytes()); // PCM
    w.extend_from_slice(&1u16.to_le_bytes()); // mono
    w.extend_from_slice(&rate.to_le_bytes());
    w.extend_from_slice(&(rate * 2).to_le_bytes());
    w.extend_from_slice(&2u16.to_le_bytes());
    w.extend_from_slice(&16u16.to_le_bytes());
    w.extend_from_slice(b"data");
    w.extend_from_slice(&data.to_le_bytes());
    for &s in samples {
        w.extend_from_slice(&to_i16(s).to_le_bytes());
    }
    w
}

/// One sample as 16-bit PCM.
pub fn to_i16(s: f32) -> i16 {
    (s.clamp(-1.0, 1.0) * i16::MAX as f32).round() as i16
}

/// The rate and samples of a WAV file [`encode`] wrote; `None` for anything else.
pub fn decode(bytes: &[u8]) -> Option<(u32, Vec<f32>)> {
    let u16_at = |i: usize| Some(u16::from_le_bytes(bytes.get(i..i + 2)?.try_into().ok()?));
    let u32_at = |i: usize| Some(u32::from_le_bytes(bytes.get(i..i + 4)?.try_into().ok()?));
    if bytes.get(0..4)? != b"RIFF"
        || bytes.get(8..16)? != b"WAVEfmt "
        || bytes.get(36..40)? != b"data"
    {
        return None;
    }
    if u16_at(20)? != 1 || u16_at(22)? != 1 || u16_at(34)? != 16 {
        return None;
    }
    let rate = u32_at(24)?;
    let len = u32_at(40)? as usize;
    let data = bytes.get(44..44 + len)?;
    let samples = data
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]) as f32 / i16::MAX as f32)
        .collect();
    Some((rate, samples))
}
