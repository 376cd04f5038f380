import { render } from '@testing-library/react';
import { Cloud, Globe, Palette, Plug, ShieldCheck, Smartphone, Briefcase } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { CategoryIcon, categoryIconFor } from './category-icon';

describe('category icons', () => {
  it.each([
    ['Web Development', Globe],
    ['Mobile Development', Smartphone],
    ['Cloud Solutions', Cloud],
    ['API Development', Plug],
    ['UI/UX Design', Palette],
    ['Security & Testing', ShieldCheck],
    ['Something New', Briefcase],
  ])('%s gets its own icon', (name, icon) => {
    expect(categoryIconFor(name)).toBe(icon);
  });

  it('draws an inline SVG hidden from screen readers, with no emoji or text', () => {
    const { container } = render(<CategoryIcon name="Cloud Solutions" />);
    const svg = container.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg!.getAttribute('aria-hidden')).toBe('true');
    expect(container.textContent).toBe('');
  });
});
