/**
 * The six fixed service pages (part 1 §2) and the finder's query vocabulary (part 1 §9).
 * `/teams` reads exactly these keys back from its query string.
 */
export const SERVICE_TYPES = ['web', 'mobile', 'cloud', 'api', 'uiux', 'security'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const BUDGET_OPTIONS = [
  { value: 'under-5k', label: 'Under $5,000' },
  { value: '5k-15k', label: '$5,000 - $15,000' },
  { value: '15k-50k', label: '$15,000 - $50,000' },
  { value: '50k-100k', label: '$50,000 - $100,000' },
  { value: 'over-100k', label: 'Over $100,000' },
] as const;
export type BudgetOption = (typeof BUDGET_OPTIONS)[number]['value'];

export const TIMELINE_OPTIONS = [
  { value: '1-2weeks', label: '1-2 weeks' },
  { value: '1month', label: '1 month' },
  { value: '2-3months', label: '2-3 months' },
  { value: '3-6months', label: '3-6 months' },
  { value: '6months+', label: '6+ months' },
] as const;
export type TimelineOption = (typeof TIMELINE_OPTIONS)[number]['value'];

export const TEAM_SORT_OPTIONS = [
  { value: 'rating', label: 'Highest Rated' },
  { value: 'projects', label: 'Most Projects' },
  { value: 'rate', label: 'Lowest Rate' },
] as const;

export interface ServicePageDefinition {
  path: string;
  service: ServiceType;
  title: string;
  /** The reference-catalogue category this page belongs to. */
  categoryName: string;
  intro: string;
  options: readonly string[];
  technologies: readonly string[];
}

export const SERVICE_PAGES: readonly ServicePageDefinition[] = [
  {
    path: '/WebDevelopment',
    service: 'web',
    title: 'Web Development',
    categoryName: 'Web Development',
    intro: 'Websites and web applications built by teams who ship to production every week.',
    options: [
      'Landing Page',
      'Corporate Website',
      'E-commerce Store',
      'Web Application (SaaS)',
      'Content Management System',
      'Progressive Web App',
    ],
    technologies: ['React', 'Next.js', 'Vue.js', 'Angular', 'Node.js', 'Django', 'Laravel', 'TypeScript'],
  },
  {
    path: '/MobileDevelopment',
    service: 'mobile',
    title: 'Mobile Development',
    categoryName: 'Mobile Development',
    intro: 'Native and cross-platform apps for iOS and Android, from first prototype to store release.',
    options: ['iOS App', 'Android App', 'Cross-platform App', 'App Prototype / MVP', 'App Maintenance'],
    technologies: ['Swift', 'Kotlin', 'React Native', 'Flutter', 'Firebase'],
  },
  {
    path: '/CloudSolutions',
    service: 'cloud',
    title: 'Cloud Solutions',
    categoryName: 'Cloud Solutions',
    intro: 'Infrastructure you can trust: migrations, automation and operations on the major clouds.',
    options: [
      'Cloud Migration',
      'DevOps & CI/CD',
      'Kubernetes Platform',
      'Serverless Architecture',
      'Cost Optimisation',
    ],
    technologies: ['AWS', 'Azure', 'Google Cloud', 'Docker', 'Kubernetes', 'Terraform'],
  },
  {
    path: '/APIDevelopment',
    service: 'api',
    title: 'API Development',
    categoryName: 'API Development',
    intro: 'Well-designed, documented and secure APIs that other teams enjoy building on.',
    options: ['REST API', 'GraphQL API', 'Third-party Integration', 'Microservices', 'Real-time API'],
    technologies: ['Node.js', 'Python', 'Go', 'Java', 'GraphQL', 'PostgreSQL'],
  },
  {
    path: '/UIUXDesign',
    service: 'uiux',
    title: 'UI/UX Design',
    categoryName: 'UI/UX Design',
    intro: 'Research-led product design: flows, interfaces and design systems that people understand.',
    options: [
      'User Research',
      'Wireframes & Prototypes',
      'Visual Design',
      'Design System',
      'Usability Testing',
    ],
    technologies: ['Figma', 'Adobe XD', 'Sketch', 'Framer', 'Storybook'],
  },
  {
    path: '/SecurityTesting',
    service: 'security',
    title: 'Security & Testing',
    categoryName: 'Security & Testing',
    intro: 'Find the weak spots before someone else does: audits, penetration tests and test automation.',
    options: [
      'Penetration Testing',
      'Security Audit',
      'Test Automation',
      'Performance Testing',
      'Code Review',
    ],
    technologies: ['OWASP ZAP', 'Burp Suite', 'Playwright', 'Cypress', 'k6', 'Selenium'],
  },
];
