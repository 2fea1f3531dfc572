#include "elf_summaries.h"

#include "program_summary.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace parcoach {

namespace {

// Reads an unsigned integer of `size' bytes at `offset', or fails.
class Reader {
public:
  Reader(const std::string &bytes, bool little) : bytes_(bytes), little_(little) {}
  bool read(std::uint64_t offset, unsigned size, std::uint64_t &value) const {
    if (offset > bytes_.size() || size > bytes_.size() - offset)
      return false;
    value = 0;
    for (unsigned i = 0; i < size; ++i) {
      unsigned char byte = static_cast<unsigned char>(bytes_[offset + (little_ ? size - 1 - i : i)]);
      value = (value << 8) | byte;
    }
    return true;
  }

private:
  const std::string &bytes_;
  bool little_;
};

} // namespace

std::string elf_section(const std::string &bytes, const char *section) {
  if (bytes.size() < 52 || bytes.compare(0, 4, "\177ELF") != 0)
    return "";
  bool wide = bytes[4] == 2; // ELFCLASS64
  bool little = bytes[5] == 1; // ELFDATA2LSB
  if ((bytes[4] != 1 && !wide) || (bytes[5] != 1 && bytes[5] != 2))
    return "";
  Reader in(bytes, little);
  unsigned word = wide ? 8 : 4;
  std::uint64_t shoff, shentsize, shnum, shstrndx;
  if (!in.read(wide ? 0x28 : 0x20, word, shoff) || !in.read(wide ? 0x3A : 0x2E, 2, shentsize) ||
      !in.read(wide ? 0x3C : 0x30, 2, shnum) || !in.read(wide ? 0x3E : 0x32, 2, shstrndx))
    return "";
  if (shoff == 0 || shnum == 0 || shstrndx >= shnum || shentsize < (wide ? 64u : 40u))
    return ""; // no sections, or more than 0xff00 (extended numbering): none read
  // Section header fields: name (4), type (4), flags, addr, offset, size.
  auto header = [&](std::uint64_t index, std::uint64_t &name, std::uint64_t &offset,
                    std::uint64_t &size) {
    std::uint64_t at = shoff + index * shentsize;
    return in.read(at, 4, name) && in.read(at + (wide ? 0x18 : 0x10), word, offset) &&
           in.read(at + (wide ? 0x20 : 0x14), word, size);
  };
  std::uint64_t strings_name, strings_offset, strings_size;
  if (!header(shstrndx, strings_name, strings_offset, strings_size) ||
      strings_offset > bytes.size() || strings_size > bytes.size() - strings_offset)
    return "";
  std::string wanted(section);
  std::string result;
  for (std::uint64_t i = 1; i < shnum; ++i) {
    std::uint64_t name, offset, size, type;
    if (!header(i, name, offset, size) || !in.read(shoff + i * shentsize + 4, 4, type))
      return result;
    if (name >= strings_size || type == 8) // SHT_NOBITS
      continue;
    const char *text = bytes.data() + strings_offset + name;
    std::size_t room = strings_size - name;
    if (strnlen(text, room) != wanted.size() || wanted.compare(0, wanted.size(), text, wanted.size()) != 0)
      continue;
    if (offset > bytes.size() || size > bytes.size() - offset)
      continue;
    result += bytes.substr(offset, size); // `ld -r' keeps one section per name
  }
  return result;
}

std::string summary_text_of_file(const std::string &bytes) {
  static const char magic[] = "!<arch>\n";
  if (bytes.compare(0, 8, magic) != 0)
    return elf_section(bytes, summary_section_name);
  // Members: a 60-byte header (size, decimal, at 48..57) and the data,
  // padded to an even offset.  The symbol table ("/") and long names
  // ("//") are no ELF files: elf_section gives them "".
  std::string text;
  std::size_t at = 8;
  while (at + 60 <= bytes.size()) {
    std::string size_field = bytes.substr(at + 48, 10);
    char *end = nullptr;
    unsigned long long size = std::strtoull(size_field.c_str(), &end, 10);
    if (end == size_field.c_str() || size > bytes.size() - (at + 60))
      break;
    text += elf_section(bytes.substr(at + 60, size), summary_section_name);
    at += 60 + size + (size & 1);
  }
  return text;
}

} // namespace parcoach
