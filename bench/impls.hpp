// The implementations under test, behind one small interface per task so
// that every one runs on the same inputs.  Each adapter converts the inputs
// to its API's native form in set_*_input(), outside the timed region; the
// *_all() functions are what the benchmarks time: one pass over every input,
// calling the API once per item, with the output buffers already allocated
// (or, for APIs that allocate, freeing what they return).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace bench {

// Raw Punycode (RFC 3492) of single labels, no "xn--" prefix.
class punycode_impl {
 public:
  virtual ~punycode_impl() = default;
  virtual std::string name() const = 0;
  virtual void set_encode_input(const std::vector<std::u32string>& labels) = 0;
  virtual void set_decode_input(const std::vector<std::string>& punycode,
                                std::size_t max_code_points) = 0;
  // One pass; returns the total output size (to defeat dead-code
  // elimination) and counts failures in `errors`.
  virtual std::size_t encode_all(std::size_t& errors) = 0;
  virtual std::size_t decode_all(std::size_t& errors) = 0;
  // For the agreement check: item i's output; false when the API failed.
  virtual bool encode_one(std::size_t i, std::string& out) = 0;
  virtual bool decode_one(std::size_t i, std::u32string& out) = 0;
};

// UTS #46 ToASCII / ToUnicode of whole domain names, UTF-8 in and out.
class idna_impl {
 public:
  virtual ~idna_impl() = default;
  virtual std::string name() const = 0;
  virtual bool has_to_ascii() const { return true; }
  virtual bool has_to_unicode() const { return true; }
  virtual void set_input(const std::vector<std::string>& domains) = 0;
  virtual std::size_t to_ascii_all(std::size_t& errors) = 0;
  virtual std::size_t to_unicode_all(std::size_t& errors) = 0;
  virtual bool to_ascii_one(std::size_t i, std::string& out) = 0;
  virtual bool to_unicode_one(std::size_t i, std::string& out) = 0;
};

struct peer_info {
  std::string name;
  std::string version;  // empty when not found at configure time
};

// puny first (the reference of every ratio), then the peers found at
// configure time.  "puny-utf8" takes and gives UTF-8 instead of UTF-32.
std::vector<std::unique_ptr<punycode_impl>> make_punycode_impls();

// Which IDNA rules a workload compares: UTS #46 nontransitional processing
// with its default flags (puny's uts46_default, ICU, libidn2), or the WHATWG
// URL Standard's "domain to ASCII" with beStrict=false (puny's url preset,
// ada-idna).  Implementations of different rules are never timed against
// each other.
enum class idna_rules { uts46, url };

// "puny" is the caller-buffer form of both operations, "puny-alloc" the
// allocating (result<std::string>) form.
std::vector<std::unique_ptr<idna_impl>> make_idna_impls(idna_rules rules = idna_rules::uts46);
std::vector<peer_info> peers();

// The floor of the all-ASCII workloads (impls_floor.cpp): "lower-copy" (a
// lowercase copy of each name into a caller buffer, the loop g++ -O3
// vectorizes) and "lower-copy-bytes" (the same loop a byte at a time).  Not
// converters: timed beside puny's to_ascii on already valid lowercase ASCII
// names only, so that puny / floor is the conversion's cost over the copy.
std::vector<std::unique_ptr<idna_impl>> make_floor_impls();

// A peer library's adapters: each peer has its own file (impls_icu.cpp,
// impls_libidn.cpp, impls_libidn2.cpp, impls_ada.cpp) that bench/CMakeLists.txt
// compiles in when it finds the library, and that registers this record
// during static initialization.  add_punycode / add_idna may be null (a peer
// with no such API) and add only what the peer implements for `rules`.
struct peer_adapters {
  std::string name;  // as in peers(): "icu", "libidn", "libidn2", "ada"
  std::string (*version)();
  void (*add_punycode)(std::vector<std::unique_ptr<punycode_impl>>&);
  void (*add_idna)(std::vector<std::unique_ptr<idna_impl>>&, idna_rules);
};
bool register_peer(const peer_adapters& adapters);

}  // namespace bench
