import { describe, expect, it } from 'vitest';
import { buildTeamsUrl } from './build-teams-url';

describe('buildTeamsUrl', () => {
  it('writes every chosen value with comma lists', () => {
    const url = buildTeamsUrl({
      service: 'uiux',
      options: ['Wireframes & Prototypes', 'Visual Design'],
      technologies: ['Figma', 'Adobe XD'],
      budget: '15k-50k',
      timeline: '6months+',
    });
    const params = new URL(url, 'https://teamhire.test').searchParams;
    expect(url.startsWith('/teams?')).toBe(true);
    expect(Object.fromEntries(params)).toEqual({
      service: 'uiux',
      options: 'Wireframes & Prototypes,Visual Design',
      technologies: 'Figma,Adobe XD',
      budget: '15k-50k',
      timeline: '6months+',
    });
    expect(url).toBe(
      '/teams?service=uiux&options=Wireframes+%26+Prototypes%2CVisual+Design&technologies=Figma%2CAdobe+XD&budget=15k-50k&timeline=6months%2B',
    );
  });

  it('omits empty parameters', () => {
    expect(
      buildTeamsUrl({
        service: 'api',
        options: ['REST API'],
        technologies: [],
        budget: null,
        timeline: null,
      }),
    ).toBe('/teams?service=api&options=REST+API');
  });
});
