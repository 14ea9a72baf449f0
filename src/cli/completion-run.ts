// The work of `gridbits completion bash|zsh|fish` (completion.ts has its flags and help): a shell completion
// script made from the command table, so it always knows every command, subcommand and flag.
import { GridbitsError } from '../core/error.js';
import { flagsOf, type Command, type Run } from './command.js';

interface Level {
  /** "valley perft" ('' for the top). */
  path: string;
  subs: string[];
  flags: Array<{ name: string; takesValue: boolean; help: string }>;
}

function levels(commands: Command[]): Level[] {
  const all: Level[] = [
    {
      path: '',
      subs: commands.map((c) => c.name).concat('help', 'completion'),
      flags: [
        { name: 'help', takesValue: false, help: 'show this help' },
        { name: 'version', takesValue: false, help: 'print the version' },
      ],
    },
  ];
  const walk = (c: Command, path: string): void => {
    const here = path === '' ? c.name : `${path} ${c.name}`;
    const flags = c.subcommands
      ? []
      : Object.entries(flagsOf(c)).map(([name, f]) => ({ name, takesValue: f.type === 'string', help: f.help }));
    all.push({
      path: here,
      subs: (c.subcommands ?? []).map((s) => s.name),
      flags: [...flags, { name: 'help', takesValue: false, help: 'show this help' }],
    });
    for (const s of c.subcommands ?? []) walk(s, here);
  };
  for (const c of commands) walk(c, '');
  return all;
}

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

function bash(commands: Command[]): string {
  const table = levels(commands);
  const cases = table.flatMap((l) => [
    `    ${quote(`${l.path}|subs`)}) echo ${quote(l.subs.join(' '))} ;;`,
    `    ${quote(`${l.path}|opts`)}) echo ${quote(l.flags.map((f) => `--${f.name}`).join(' '))} ;;`,
  ]);
  return `# gridbits completion for bash (and zsh through bashcompinit). Load it with:
#   source <(gridbits completion bash)
_gridbits_table() {
  case "$1|$2" in
${cases.join('\n')}
    'completion|subs') echo 'bash zsh fish' ;;
  esac
}
_gridbits_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" i w subs
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ $w == -* ]] && continue
    subs=" $(_gridbits_table "$path" subs) "
    if [[ $subs == *" $w "* ]]; then path="\${path:+$path }$w"; fi
  done
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(_gridbits_table "$path" opts)" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$(_gridbits_table "$path" subs)" -- "$cur"))
    if [[ \${#COMPREPLY[@]} -eq 0 ]]; then COMPREPLY=($(compgen -f -- "$cur")); fi
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
    if (l.path !== '' && l.subs.length === 0) {
      for (const f of l.flags)
        lines.push(
          `complete -c gridbits -n ${quote(cond)} -l ${f.name}${f.takesValue ? ' -r -F' : ''} -d ${quote(f.help.slice(0, 60))}`,
        );
    }
  }
  lines.push(`complete -c gridbits -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'`);
  return lines.join('\n') + '\n';
}

/** The completion script for `shell`. */
function completionScript(commands: Command[], shell: string | undefined): string {
  if (shell === 'bash') return bash(commands);
  if (shell === 'zsh') return zsh(commands);
  if (shell === 'fish') return fish(commands);
  throw new GridbitsError(
    'BAD_ARGUMENT',
    `completion: name a shell: bash, zsh or fish${shell === undefined ? '' : `, got '${shell}'`}`,
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
