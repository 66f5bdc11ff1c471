import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, splitTitle } from '../src/components/ui/toast-store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast lifecycle', () => {
  it('stays 5 s by default, fades for 300 ms, then is removed', () => {
    const store = createToastStore();
    store.show('success', { title: 'Saved' });
    expect(store.getSnapshot()).toMatchObject([
      { type: 'success', title: 'Saved', duration: 5000, leaving: false },
    ]);
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot()[0]?.leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()[0]?.leaving).toBe(true);
    vi.advanceTimersByTime(299);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('honours a custom duration', () => {
    const store = createToastStore();
    store.show('error', { title: 'Oops', duration: 4000 });
    vi.advanceTimersByTime(4300);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('keeps a duration-0 toast until dismissed', () => {
    const store = createToastStore();
    const id = store.show('warning', { title: 'Stay', duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(id);
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('dismisses early and ignores a second dismiss', () => {
    const store = createToastStore();
    const id = store.show('info', { title: 'Hi', message: 'there' });
    store.dismiss(id);
    store.dismiss(id);
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('notifies subscribers and gives each toast its own id', () => {
    const store = createToastStore();
    const seen: number[] = [];
    const stop = store.subscribe((toasts) => seen.push(toasts.length));
    const a = store.show('info', { title: 'A' });
    const b = store.show('info', { title: 'B' });
    stop();
    store.show('info', { title: 'C' });
    expect(a).not.toBe(b);
    expect(seen).toEqual([1, 2]);
  });
});

describe('splitTitle', () => {
  it('splits the spec\'s "Title - message" strings', () => {
    expect(splitTitle('Update Failed - Failed to update profile. Please try again.')).toEqual({
      title: 'Update Failed',
      message: 'Failed to update profile. Please try again.',
    });
    expect(splitTitle('Profile updated')).toEqual({ title: 'Profile updated' });
  });
});

describe('toast action', () => {
  it('keeps the link a toast offers', () => {
    const store = createToastStore();
    const action = { label: 'Open profile settings', href: '/profile' };
    store.show('error', { title: 'Deployment Failed', message: 'Add your token', action });
    expect(store.getSnapshot()[0]).toMatchObject({ title: 'Deployment Failed', action });
  });
});
