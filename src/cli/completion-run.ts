// The work of `gridbits completion bash|zsh|fish` (completion.ts has its flags and help): a shell completion
// script made from the command table, so it always knows every command, subcommand, flag and the names flags take.
import { GridbitsError } from '../core/error.js';
import { flagsOf, type Command, type Flag, type Run } from './command.js';
import { SHELLS } from './constants.js';
import { HELP_TOPICS } from './help-topics.js';

/** What follows a flag: nothing (a switch), a file, one of its names, or a value of its own (a number, a square). */
type Takes = { kind: 'none' | 'file' | 'free' } | { kind: 'names'; names: readonly string[] };

interface Level {
  /** "valley perft" ('' for the top). */
  path: string;
  subs: string[];
  /** The names its first argument takes (the shells, the pieces of moves), as the command's table has them. */
  args: readonly string[];
  flags: Array<{ name: string; takes: Takes; help: string }>;
}

function takesOf(f: Flag): Takes {
  if (f.type === 'boolean') return { kind: 'none' };
  if (f.choices !== undefined) return { kind: 'names', names: f.choices };
  return { kind: f.value === 'FILE' ? 'file' : 'free' };
}

const HELP_FLAG = { name: 'help', takes: { kind: 'none' } as Takes, help: 'show this help' };

function levels(commands: Command[]): Level[] {
  const all: Level[] = [
    {
      path: '',
      subs: [...commands.map((c) => c.name), 'help'],
      args: [],
      flags: [HELP_FLAG, { name: 'version', takes: { kind: 'none' }, help: 'print the version' }],
    },
    // `gridbits help TOPIC`, `gridbits help COMMAND`.
    { path: 'help', subs: [], args: [...commands.map((c) => c.name), ...HELP_TOPICS.map((t) => t.name)], flags: [] },
  ];
  const walk = (c: Command, path: string): void => {
    const here = path === '' ? c.name : `${path} ${c.name}`;
    const flags = c.subcommands
      ? []
      : Object.entries(flagsOf(c)).map(([name, f]) => ({ name, takes: takesOf(f), help: f.help }));
    all.push({
      path: here,
      subs: (c.subcommands ?? []).map((s) => s.name),
      args: c.argumentChoices?.names ?? [],
      flags: [...flags, HELP_FLAG],
    });
    for (const s of c.subcommands ?? []) walk(s, here);
  };
  for (const c of commands) walk(c, '');
  return all;
}

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** The bash answer for what follows a flag: "names a b c", "file" or "free" (nothing for a switch). */
function bashTakes(t: Takes): string | undefined {
  return t.kind === 'none' ? undefined : t.kind === 'names' ? `names ${t.names.join(' ')}` : t.kind;
}

function bash(commands: Command[]): string {
  const table = levels(commands);
  const cases = table.flatMap((l) => [
    `    ${quote(`${l.path}|subs`)}) echo ${quote(l.subs.join(' '))} ;;`,
    `    ${quote(`${l.path}|args`)}) echo ${quote(l.args.join(' '))} ;;`,
    `    ${quote(`${l.path}|opts`)}) echo ${quote(l.flags.map((f) => `--${f.name}`).join(' '))} ;;`,
    ...l.flags.flatMap((f) => {
      const t = bashTakes(f.takes);
      return t === undefined ? [] : [`    ${quote(`${l.path}|--${f.name}`)}) echo ${quote(t)} ;;`];
    }),
  ]);
  // The words come from COMP_LINE where the shell gives it: bash splits "ai:3" at the colon in COMP_WORDS.
  return `# gridbits completion for bash (and zsh through bashcompinit). Load it with:
#   source <(gridbits completion bash)
_gridbits_table() {
  case "$1|$2" in
${cases.join('\n')}
  esac
}
_gridbits_complete() {
  local cur prev path="" i w takes args=0 line
  if [[ -n \${COMP_LINE-} ]]; then
    line="\${COMP_LINE:0:\${COMP_POINT:-\${#COMP_LINE}}}"
    cur="\${line##*[[:space:]]}"
    line="\${line%"$cur"}"
    line="\${line%"\${line##*[![:space:]]}"}"
    prev="\${line##*[[:space:]]}"
  else
    cur="\${COMP_WORDS[COMP_CWORD]}"
    prev="\${COMP_WORDS[COMP_CWORD-1]}"
  fi
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    if [[ $w == -* ]]; then
      # A flag that takes a value: the next word is its value, not an argument.
      [[ $w != *=* && -n $(_gridbits_table "$path" "$w") ]] && ((i++))
      continue
    fi
    if [[ " $(_gridbits_table "$path" subs) " == *" $w "* ]]; then
      path="\${path:+$path }$w"
      args=0
    else
      ((args++))
    fi
  done
  takes="$(_gridbits_table "$path" "$prev")"
  if [[ $prev == -* && -n $takes ]]; then
    case "$takes" in
      file) COMPREPLY=($(compgen -f -- "$cur")) ;;
      "names "*) COMPREPLY=($(compgen -W "\${takes#names }" -- "$cur")) ;;
      *) COMPREPLY=() ;;
    esac
  elif [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(_gridbits_table "$path" opts)" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$(_gridbits_table "$path" subs)" -- "$cur"))
    if [[ \${#COMPREPLY[@]} -eq 0 && $args -eq 0 ]]; then
      COMPREPLY=($(compgen -W "$(_gridbits_table "$path" args)" -- "$cur"))
    fi
    if [[ \${#COMPREPLY[@]} -eq 0 && -z $(_gridbits_table "$path" subs)$(_gridbits_table "$path" args) ]]; then
      COMPREPLY=($(compgen -f -- "$cur"))
    fi
  fi
  # What bash replaces is the part of the word after its last colon.
  if [[ $cur == *:* && \${COMP_WORDBREAKS-:} == *:* ]]; then
    local colon="\${cur%"\${cur##*:}"}"
    COMPREPLY=("\${COMPREPLY[@]#"$colon"}")
  fi
}
complete -F _gridbits_complete gridbits
`;
}

function zsh(commands: Command[]): string {
  return `#compdef gridbits
# gridbits completion for zsh. Load it with:
#   source <(gridbits completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bash(commands)
  .split('\n')
  .filter((l) => !l.startsWith('#'))
  .join('\n')}`;
}

function fish(commands: Command[]): string {
  const lines = [
    '# gridbits completion for fish. Load it with:',
    '#   gridbits completion fish | source',
    'complete -c gridbits -f',
  ];
  for (const l of levels(commands)) {
    const words = l.path === '' ? [] : l.path.split(' ');
    const seen = words.map((w) => `__fish_seen_subcommand_from ${w}`).join('; and ');
    const cond =
      l.path === ''
        ? '__fish_use_subcommand'
        : l.subs.length > 0
          ? `${seen}; and not __fish_seen_subcommand_from ${l.subs.join(' ')}`
          : seen;
    for (const s of l.subs) lines.push(`complete -c gridbits -n ${quote(cond)} -a ${quote(s)}`);
    if (l.args.length > 0) lines.push(`complete -c gridbits -n ${quote(cond)} -a ${quote(l.args.join(' '))}`);
    if (l.path !== '' && l.subs.length === 0) {
      for (const f of l.flags) {
        const t = f.takes;
        const value =
          t.kind === 'names'
            ? ` -x -a ${quote(t.names.join(' '))}`
            : t.kind === 'file'
              ? ' -r -F'
              : t.kind === 'free'
                ? ' -x'
                : '';
        lines.push(`complete -c gridbits -n ${quote(cond)} -l ${f.name}${value} -d ${quote(f.help.slice(0, 60))}`);
      }
    }
  }
  return lines.join('\n') + '\n';
}

/** The completion script for `shell`. */
function completionScript(commands: Command[], shell: string | undefined): string {
  if (shell === 'bash') return bash(commands);
  if (shell === 'zsh') return zsh(commands);
  if (shell === 'fish') return fish(commands);
  throw new GridbitsError(
    'BAD_ARGUMENT',
    `completion: name a shell: ${SHELLS.slice(0, -1).join(', ')} or ${SHELLS[SHELLS.length - 1]}${shell === undefined ? '' : `, got '${shell}'`}`,
  );
}

/** The command's work on the table `commands`. */
export function completion(commands: Command[]): Run {
  return (args, out) => {
    const [shell, extra] = args.positionals;
    if (extra !== undefined) throw new GridbitsError('BAD_ARGUMENT', `completion: unexpected argument '${extra}'`);
    out.print(completionScript(commands, shell).trimEnd());
  };
}
