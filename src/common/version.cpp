// puny::version(): the version compiled into the library.
#include "puny/version.hpp"

#include "puny/unicode.hpp"

namespace puny {

version_info version() noexcept {
  version_info v;
  v.major = PUNY_VERSION_MAJOR;
  v.minor = PUNY_VERSION_MINOR;
  v.patch = PUNY_VERSION_PATCH;
  v.string = PUNY_VERSION_STRING;
  v.unicode = unicode::unicode_version;
  return v;
}

}  // namespace puny
