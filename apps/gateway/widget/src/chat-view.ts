import type { WidgetMessage } from './public-client';
import { viewStyles } from './view-styles';

export interface ViewTexts {
  title: string;
  tagline: string | null;
  color: string;
}

export interface ViewHandlers {
  send(content: string): void;
  typing(on: boolean): void;
  opened(): void;
}

const BUBBLE =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 1-2z"/></svg>';
const TYPING_IDLE_MS = 2000;

/** The launcher and the chat window in a shadow root; keyboard first (Escape closes, focus returns). */
export class ChatView {
  readonly host: HTMLElement;
  private readonly root: ShadowRoot;
  private readonly launcher: HTMLButtonElement;
  private readonly badge: HTMLElement;
  private readonly chat: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly typingLine: HTMLElement;
  private readonly errorLine: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  /** Each shown message's item, by `id:` and `echo:` keys. */
  private readonly items = new Map<string, HTMLLIElement>();
  private unread = 0;
  private typingTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    texts: ViewTexts,
    private readonly handlers: ViewHandlers,
  ) {
    this.host = document.createElement('div');
    this.host.id = 'parley-widget';
    this.root = this.host.attachShadow({ mode: 'open' });
    this.root.innerHTML = `<style>${viewStyles(texts.color)}</style>
<section class="chat" id="chat" role="dialog" aria-labelledby="title" hidden>
<header><div><h2 id="title"></h2><p id="tagline"></p></div><button class="close" type="button" aria-label="Close chat">×</button></header>
<ol role="log" aria-live="polite" aria-label="Messages"></ol>
<p class="typing" aria-live="polite" hidden>Agent is typing…</p>
<p class="error" role="alert" hidden></p>
<form><label class="sr" for="input">Your message</label><textarea id="input" rows="2" placeholder="Type your message"></textarea><button type="submit">Send</button></form>
</section>
<button class="launcher" type="button" aria-label="Open chat" aria-expanded="false" aria-controls="chat">${BUBBLE}<span class="badge" hidden></span></button>`;
    const $ = <T extends Element>(selector: string) => this.root.querySelector(selector) as T;
    this.launcher = $('.launcher');
    this.badge = $('.badge');
    this.chat = $('.chat');
    this.list = $('ol');
    this.typingLine = $('.typing');
    this.errorLine = $('.error');
    this.input = $('textarea');
    $<HTMLElement>('#title').textContent = texts.title;
    const tagline = $<HTMLElement>('#tagline');
    tagline.textContent = texts.tagline ?? '';
    tagline.hidden = !texts.tagline;
    this.launcher.addEventListener('click', () => this.toggle());
    $<HTMLElement>('.close').addEventListener('click', () => this.toggle(false));
    this.chat.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        this.toggle(false);
      }
    });
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        this.submit();
      }
    });
    this.input.addEventListener('input', () => this.noteTyping());
    $<HTMLFormElement>('form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
  }

  get isOpen(): boolean {
    return !this.chat.hidden;
  }

  toggle(state?: boolean): void {
    const open = state ?? !this.isOpen;
    if (open === this.isOpen) return;
    this.chat.hidden = !open;
    this.launcher.setAttribute('aria-expanded', String(open));
    this.launcher.setAttribute('aria-label', open ? 'Close chat' : 'Open chat');
    if (open) {
      this.setUnread(0);
      this.input.focus();
      this.scrollDown();
      this.handlers.opened();
    } else {
      this.launcher.focus();
    }
  }

  /**
   * Shows a message once (by id, or by the echo id the visitor's own copy was shown under), and
   * redraws it in place when it comes again changed (an agent's edit or deletion); an agent's
   * message counts as unread while the window is closed unless `read` says it was seen.
   */
  show(message: WidgetMessage, echoId?: string, read = false): void {
    const keys = [`id:${message.id}`, ...(message.echo_id || echoId ? [`echo:${message.echo_id || echoId}`] : [])];
    const existing = keys.map((key) => this.items.get(key)).find((item) => item !== undefined);
    if (existing) {
      keys.forEach((key) => this.items.set(key, existing));
      if (message.content && existing.textContent !== message.content) this.write(existing, message);
      return;
    }
    if (message.message_type === 2 || !message.content) return;
    const item = document.createElement('li');
    keys.forEach((key) => this.items.set(key, item));
    const mine = message.message_type === 0;
    item.className = mine ? 'in' : 'out';
    this.write(item, message);
    this.list.appendChild(item);
    this.scrollDown();
    if (!mine) {
      this.agentTyping(false);
      if (!this.isOpen && !read) this.setUnread(this.unread + 1);
    }
  }

  private write(item: HTMLLIElement, message: WidgetMessage): void {
    item.textContent = message.content;
    if (message.message_type !== 0 && message.sender?.name)
      item.setAttribute('aria-label', `${message.sender.name}: ${message.content}`);
  }

  clear(): void {
    this.list.textContent = '';
    this.items.clear();
    this.setUnread(0);
    this.agentTyping(false);
  }

  agentTyping(on: boolean): void {
    this.typingLine.hidden = !on;
  }

  error(text: string | null): void {
    this.errorLine.textContent = text ?? '';
    this.errorLine.hidden = !text;
  }

  private setUnread(count: number): void {
    this.unread = count;
    this.badge.textContent = String(count);
    this.badge.hidden = count === 0;
    this.launcher.setAttribute(
      'aria-label',
      `${this.isOpen ? 'Close' : 'Open'} chat${count ? `, ${count} unread` : ''}`,
    );
  }

  private submit(): void {
    const content = this.input.value.trim();
    if (!content) return;
    this.input.value = '';
    this.stopTyping();
    this.handlers.send(content);
  }

  private noteTyping(): void {
    if (!this.typingTimer) this.handlers.typing(true);
    else clearTimeout(this.typingTimer);
    this.typingTimer = setTimeout(() => this.stopTyping(), TYPING_IDLE_MS);
  }

  private stopTyping(): void {
    if (!this.typingTimer) return;
    clearTimeout(this.typingTimer);
    this.typingTimer = null;
    this.handlers.typing(false);
  }

  private scrollDown(): void {
    this.list.scrollTop = this.list.scrollHeight;
  }
}
