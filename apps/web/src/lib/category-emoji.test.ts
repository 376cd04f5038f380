import { describe, expect, it } from 'vitest';
import { categoryEmoji } from './category-emoji';

describe('categoryEmoji', () => {
  it.each([
    ['Web Development', '🌐'],
    ['Mobile Development', '📱'],
    ['Cloud Solutions', '☁️'],
    ['API Development', '🔌'],
    ['UI/UX Design', '🎨'],
    ['Security & Testing', '🔒'],
    ['Something New', '💼'],
  ])('%s gets %s', (name, emoji) => {
    expect(categoryEmoji(name)).toBe(emoji);
  });
});
