# bash completion for puny(1).  Installed by `cmake --install` into
# share/bash-completion/completions/puny; surfaces/cli/tests/test_manpage_completions.py checks that it
# knows every command and option that `puny COMMAND --help` lists.

_puny() {
  local cur prev words cword
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  local commands="encode decode to-ascii to-unicode explain display skeleton email hunt"
  local io="--json --line-buffered --quiet -q --input --jobs -j --progress --no-progress --help -h"
  local idna="--preset --transitional --nontransitional --std3 --no-std3 --allow-underscore
    --no-allow-underscore --check-hyphens --no-check-hyphens --check-bidi --no-check-bidi
    --check-joiners --no-check-joiners --verify-dns-length --no-verify-dns-length
    --ignore-invalid-punycode --no-ignore-invalid-punycode --forbid-domain-code-points
    --no-forbid-domain-code-points --raw"
  local modes="--email --url --field --delimiter"

  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
    return
  fi
  case "$prev" in
    --preset) COMPREPLY=($(compgen -W "uts46 url url-strict uts46-strict idna2008 idna2008-lookup uts46-raw" -- "$cur")); return ;;
    --profile|--display) COMPREPLY=($(compgen -W "chromium firefox-moderate firefox-high uts39-highly-restrictive uts39-moderately-restrictive ascii-only firefox" -- "$cur")); return ;;
    --rules) COMPREPLY=($(compgen -W "skeleton homoglyph insertion omission replacement repetition transposition hyphenation target_embedding combo_squatting tld_swap homoglyph_edit keyboard vowel_swap bitsquatting label_split chromium_skeleton" -- "$cur")); return ;;
    --input|--top-domains|--psl|--brands) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --jobs|-j) COMPREPLY=($(compgen -W "auto $(nproc 2>/dev/null)" -- "$cur")); return ;;
    --field|--delimiter) return ;;
  esac
  local options
  case "${COMP_WORDS[1]}" in
    encode|decode) options="$io --mixed-case" ;;
    to-ascii|to-unicode) options="$io $idna $modes" ;;
    display) options="$io --profile --top-domains --psl --no-psl" ;;
    skeleton) options="$io" ;;
    email) options="$io $idna --allow-quoted --allow-literal --allow-empty-local
      --allow-display-name --no-smtputf8 --allow-local-domain --display --psl --no-psl
      --local-security --field --delimiter" ;;
    hunt) options="$io --brands --rules --min-score --profile --psl --no-psl --strict" ;;
    explain)
      if [ "$COMP_CWORD" -eq 2 ]; then
        COMPREPLY=($(compgen -W "encode decode to-ascii --help" -- "$cur"))
        return
      fi
      options="--json --help"
      [ "${COMP_WORDS[2]}" = "to-ascii" ] && options="$options $idna"
      ;;
    *) return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
  fi
}
complete -F _puny puny
