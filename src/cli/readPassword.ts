/**
 * Reading a new password for `catalog user password`: typed at a terminal twice, unseen, or the
 * first line of standard input when a script pipes it in. It is never echoed, printed or logged,
 * and never taken from the command line, where other users of the machine and the shell's history
 * would see it.
 */
import { createInterface } from 'node:readline';

const ENTER = new Set(['\r', '\n']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);

export async function readNewPassword(
  input: NodeJS.ReadStream = process.stdin,
  prompts: NodeJS.WriteStream = process.stderr,
): Promise<string> {
  if (!input.isTTY) return firstLine(input);
  const first = await readHidden(input, prompts, 'New password: ');
  const second = await readHidden(input, prompts, 'Repeat it: ');
  if (first !== second) throw new Error('the two passwords differ; nothing was changed');
  return first;
}

async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
  try {
    for await (const line of lines) return line;
    return '';
  } finally {
    lines.close();
  }
}

/** One line typed at the terminal with echo off (raw mode: each key comes as it is pressed). */
function readHidden(input: NodeJS.ReadStream, prompts: NodeJS.WriteStream, prompt: string): Promise<string> {
  prompts.write(prompt);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      prompts.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const key of chunk) {
        if (ENTER.has(key) || key === CTRL_D) return finish();
        if (key === CTRL_C) return finish(new Error('cancelled; nothing was changed'));
        if (BACKSPACE.has(key)) typed = typed.slice(0, -1);
        else if (key >= ' ') typed += key;
      }
    };
    input.on('data', onData);
  });
}
