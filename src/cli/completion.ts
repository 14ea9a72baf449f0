// `gridbits completion bash|zsh|fish`: its flags and help (the script is made in completion-run.ts).
import type { Command } from './command.js';
import { SHELLS } from './constants.js';

/** The `completion` command. */
export function completionCommand(commands: () => Command[]): Command {
  return {
    name: 'completion',
    usage: 'completion bash|zsh|fish',
    summary: 'print a shell completion script (commands, subcommands, flags and their values)',
    flags: {},
    argumentChoices: { what: 'shell', names: SHELLS },
    printsResult: true,
    details: `Examples:
  source <(gridbits completion bash)        (in ~/.bashrc)
  source <(gridbits completion zsh)         (in ~/.zshrc)
  gridbits completion fish | source         (in ~/.config/fish/config.fish)`,
    load: async () => (await import('./completion-run.js')).completion(commands()),
  };
}
