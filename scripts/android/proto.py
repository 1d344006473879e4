"""The protocol-buffer wire format, as far as the Android build needs it: aapt2's proto
manifest and bundletool's BundleConfig.pb, read and written without the generated classes
(the few field numbers used are named where they are used)."""

def read_varint(data, i):
    shift = value = 0
    while True:
        b = data[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, i


def varint(value):
    out = bytearray()
    while True:
        b = value & 0x7F
        value >>= 7
        if value:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def fields(data):
    """A message as a list of (field number, wire type, value); bytes for length-delimited."""
    out, i = [], 0
    while i < len(data):
        key, i = read_varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = read_varint(data, i)
        elif wire == 2:
            n, i = read_varint(data, i)
            value, i = data[i : i + n], i + n
        elif wire == 5:
            value, i = data[i : i + 4], i + 4
        elif wire == 1:
            value, i = data[i : i + 8], i + 8
        else:
            raise ValueError(f"wire type {wire} in a manifest")
        out.append((number, wire, value))
    return out


def encode(message):
    out = bytearray()
    for number, wire, value in message:
        out += varint(number << 3 | wire)
        if wire == 0:
            out += varint(value)
        elif wire == 2:
            out += varint(len(value)) + value
        else:
            out += value
    return bytes(out)
