// Reference catalogue: categories, project types, sub-types and technologies seeded into the marketplace.
import type { CatalogueCategorySeed } from './reference-catalogue-types';

export const REFERENCE_CATALOGUE: CatalogueCategorySeed[] = [
  {
    name: 'Web Development',
    description:
      'Fast, accessible websites and web applications built with modern frameworks and shipped to production by experienced teams.',
    projectTypes: [
      {
        name: 'Landing Page',
        description: 'A focused, high-converting single page that presents one product, campaign or offer.',
        technologies: ['Next.js', 'React', 'Tailwind CSS', 'TypeScript'],
        subTypes: [
          {
            name: 'Product Launch Page',
            description: 'A launch page with hero, feature highlights and a waitlist or sign-up form.',
            technologies: ['Next.js', 'Tailwind CSS', 'Vercel'],
          },
          {
            name: 'Marketing Campaign Page',
            description:
              'A campaign page with A/B-testable sections and analytics tracking for paid traffic.',
            technologies: ['React', 'Google Analytics', 'Tailwind CSS'],
          },
          {
            name: 'Event Registration Page',
            description: 'A page that promotes an event and collects registrations and payments.',
            technologies: ['Vue.js', 'Stripe', 'Netlify'],
          },
        ],
      },
      {
        name: 'Corporate Website',
        description:
          'A multi-page company website that communicates brand, services and team to customers and recruits.',
        technologies: ['Next.js', 'React', 'TypeScript', 'WordPress', 'Angular'],
        subTypes: [
          {
            name: 'Company Brochure Site',
            description: 'A polished multi-page site covering about, services, team and contact pages.',
            technologies: ['Next.js', 'Tailwind CSS', 'Contentful'],
          },
          {
            name: 'Multilingual Corporate Site',
            description:
              'A corporate site with localized content and region-aware routing for international audiences.',
            technologies: ['Next.js', 'TypeScript', 'Strapi'],
          },
          {
            name: 'Enterprise Intranet Portal',
            description: 'An internal portal with single sign-on, news and document sharing for employees.',
            technologies: ['Angular', 'TypeScript', 'Node.js'],
          },
        ],
      },
      {
        name: 'E-commerce Store',
        description: 'An online store with product catalogue, cart, checkout and order management.',
        technologies: ['Shopify', 'Next.js', 'Stripe', 'Laravel', 'PostgreSQL'],
        subTypes: [
          {
            name: 'Shopify Store Setup',
            description: 'A customised Shopify storefront with theme development and app integrations.',
            technologies: ['Shopify', 'Liquid', 'JavaScript'],
          },
          {
            name: 'Headless Commerce Storefront',
            description: 'A fast custom storefront connected to a headless commerce backend.',
            technologies: ['Next.js', 'Shopify', 'TypeScript', 'Vercel'],
          },
          {
            name: 'Custom Marketplace Platform',
            description: 'A multi-vendor marketplace with seller onboarding, payouts and order routing.',
            technologies: ['Laravel', 'PostgreSQL', 'Stripe', 'Vue.js'],
          },
          {
            name: 'WooCommerce Store',
            description: 'A WordPress-based store with WooCommerce products, payments and shipping rules.',
            technologies: ['WordPress', 'WooCommerce', 'PHP'],
          },
        ],
      },
      {
        name: 'Web Application (SaaS)',
        description:
          'A multi-tenant web application with authentication, billing and a rich interactive interface.',
        technologies: ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'Django'],
        subTypes: [
          {
            name: 'SaaS MVP',
            description: 'A first production version with sign-up, core workflow and subscription billing.',
            technologies: ['Next.js', 'Node.js', 'PostgreSQL', 'Stripe'],
          },
          {
            name: 'Admin Dashboard',
            description: 'A data-rich dashboard with tables, charts, filters and role-based access.',
            technologies: ['React', 'TypeScript', 'Django'],
          },
          {
            name: 'Customer Portal',
            description:
              'A self-service portal where customers manage accounts, invoices and support requests.',
            technologies: ['Angular', 'Node.js', 'PostgreSQL'],
          },
          {
            name: 'Internal Business Tool',
            description: 'A workflow tool that replaces spreadsheets for operations, sales or finance teams.',
            technologies: ['Vue.js', 'Laravel', 'MySQL'],
          },
        ],
      },
      {
        name: 'Content Management System',
        description:
          'A website or platform where non-technical editors create, schedule and publish content.',
        technologies: ['WordPress', 'Strapi', 'Contentful', 'Django', 'Laravel'],
        subTypes: [
          {
            name: 'Headless CMS Integration',
            description:
              'A frontend connected to a headless CMS with previews and structured content models.',
            technologies: ['Strapi', 'Next.js', 'TypeScript'],
          },
          {
            name: 'Custom WordPress Theme',
            description: 'A bespoke WordPress theme with custom blocks and editor-friendly page layouts.',
            technologies: ['WordPress', 'PHP', 'JavaScript'],
          },
          {
            name: 'Editorial Publishing Platform',
            description: 'A publishing platform with editorial workflows, roles and scheduled releases.',
            technologies: ['Django', 'PostgreSQL', 'React'],
          },
        ],
      },
      {
        name: 'Progressive Web App',
        description: 'An installable, offline-capable web app that feels native on mobile and desktop.',
        technologies: ['React', 'Vue.js', 'Angular', 'TypeScript', 'Workbox'],
        subTypes: [
          {
            name: 'Offline-first PWA',
            description: 'An app that caches data and syncs changes when connectivity returns.',
            technologies: ['React', 'Workbox', 'IndexedDB'],
          },
          {
            name: 'PWA Conversion',
            description:
              'Turning an existing website into an installable PWA with service workers and a manifest.',
            technologies: ['Workbox', 'JavaScript', 'Lighthouse'],
          },
          {
            name: 'Push-enabled PWA',
            description: 'A PWA that re-engages users with web push notifications.',
            technologies: ['Vue.js', 'Firebase', 'TypeScript'],
          },
        ],
      },
    ],
  },
  {
    name: 'Mobile Development',
    description:
      'Native and cross-platform iOS and Android apps, from first prototype through store release and ongoing maintenance.',
    projectTypes: [
      {
        name: 'iOS App',
        description: 'A native iPhone and iPad app built to Apple guidelines and released on the App Store.',
        technologies: ['Swift', 'SwiftUI', 'Xcode', 'Firebase'],
        subTypes: [
          {
            name: 'Native iPhone App',
            description: 'A consumer iPhone app with a polished native interface and App Store release.',
            technologies: ['Swift', 'SwiftUI', 'Core Data'],
          },
          {
            name: 'iPad Productivity App',
            description: 'A tablet-optimised app with split views, drag and drop and Apple Pencil support.',
            technologies: ['Swift', 'UIKit', 'Xcode'],
          },
          {
            name: 'watchOS Companion App',
            description: 'An Apple Watch companion app with complications and health data integration.',
            technologies: ['Swift', 'SwiftUI', 'HealthKit'],
          },
        ],
      },
      {
        name: 'Android App',
        description: 'A native Android app built with modern tooling and published on Google Play.',
        technologies: ['Kotlin', 'Jetpack Compose', 'Android Studio', 'Firebase'],
        subTypes: [
          {
            name: 'Native Android App',
            description: 'A consumer Android app with Material Design and Google Play release.',
            technologies: ['Kotlin', 'Jetpack Compose', 'Room'],
          },
          {
            name: 'Android Tablet & Kiosk App',
            description: 'A locked-down app for tablets or kiosks used in retail, hospitality or field work.',
            technologies: ['Kotlin', 'Android Studio', 'Firebase'],
          },
          {
            name: 'Wear OS App',
            description: 'A smartwatch app for Wear OS with tiles and fitness data.',
            technologies: ['Kotlin', 'Jetpack Compose'],
          },
        ],
      },
      {
        name: 'Cross-platform App',
        description: 'A single codebase app that ships to both iOS and Android with a native feel.',
        technologies: ['React Native', 'Flutter', 'TypeScript', 'Dart', 'Firebase'],
        subTypes: [
          {
            name: 'React Native App',
            description:
              'An iOS and Android app built with React Native and shared TypeScript business logic.',
            technologies: ['React Native', 'TypeScript', 'Expo'],
          },
          {
            name: 'Flutter App',
            description: 'A pixel-consistent iOS and Android app built with Flutter.',
            technologies: ['Flutter', 'Dart', 'Firebase'],
          },
          {
            name: 'Kotlin Multiplatform App',
            description:
              'Native UIs on each platform sharing networking and business logic written in Kotlin.',
            technologies: ['Kotlin', 'Swift', 'SwiftUI'],
          },
        ],
      },
      {
        name: 'App Prototype / MVP',
        description: 'A lean first version of an app to validate the idea with real users and investors.',
        technologies: ['Flutter', 'React Native', 'Firebase', 'Figma'],
        subTypes: [
          {
            name: 'Clickable Prototype',
            description: 'An interactive prototype that demonstrates key flows before any code is written.',
            technologies: ['Figma', 'Framer'],
          },
          {
            name: 'Investor Demo MVP',
            description: 'A working app with core features polished enough for demos and pilot users.',
            technologies: ['React Native', 'Expo', 'Firebase'],
          },
          {
            name: 'Beta Release MVP',
            description: 'A store-ready MVP distributed to beta testers with crash reporting and analytics.',
            technologies: ['Flutter', 'Firebase', 'TestFlight'],
          },
        ],
      },
      {
        name: 'App Maintenance',
        description:
          'Ongoing updates, bug fixes and OS upgrades that keep an existing app healthy in the stores.',
        technologies: ['Swift', 'Kotlin', 'React Native', 'Flutter', 'Firebase'],
        subTypes: [
          {
            name: 'Bug Fixing & Stability',
            description: 'Triaging crashes and fixing defects reported by users and monitoring tools.',
            technologies: ['Firebase', 'Sentry', 'Swift', 'Kotlin'],
          },
          {
            name: 'OS & SDK Upgrades',
            description: 'Updating the app for new iOS and Android releases and deprecated SDKs.',
            technologies: ['Xcode', 'Android Studio', 'Swift', 'Kotlin'],
          },
          {
            name: 'Performance Optimisation',
            description: 'Reducing startup time, memory use and battery drain in an existing app.',
            technologies: ['React Native', 'Flutter', 'Firebase'],
          },
        ],
      },
    ],
  },
  {
    name: 'Cloud Solutions',
    description:
      'Cloud migrations, infrastructure automation and reliable operations on AWS, Azure and Google Cloud.',
    projectTypes: [
      {
        name: 'Cloud Migration',
        description:
          'Moving applications and data from on-premise servers or another provider to the cloud with minimal downtime.',
        technologies: ['AWS', 'Azure', 'Google Cloud', 'Terraform', 'Docker'],
        subTypes: [
          {
            name: 'Lift-and-Shift Migration',
            description: 'Rehosting existing servers and databases in the cloud with little code change.',
            technologies: ['AWS', 'Azure', 'Terraform'],
          },
          {
            name: 'Application Re-platforming',
            description: 'Containerising applications and moving them onto managed cloud services.',
            technologies: ['Docker', 'Google Cloud', 'Kubernetes'],
          },
          {
            name: 'Database Migration',
            description:
              'Migrating production databases to managed cloud databases with validated data integrity.',
            technologies: ['AWS', 'PostgreSQL', 'Azure'],
          },
        ],
      },
      {
        name: 'DevOps & CI/CD',
        description: 'Automated build, test and deployment pipelines with infrastructure defined as code.',
        technologies: ['GitHub Actions', 'Docker', 'Terraform', 'Jenkins', 'AWS'],
        subTypes: [
          {
            name: 'CI/CD Pipeline Setup',
            description: 'Pipelines that build, test and deploy every change automatically.',
            technologies: ['GitHub Actions', 'GitLab CI', 'Docker'],
          },
          {
            name: 'Infrastructure as Code',
            description: 'Defining cloud environments in version-controlled, reviewable code.',
            technologies: ['Terraform', 'AWS', 'Azure'],
          },
          {
            name: 'Monitoring & Alerting',
            description: 'Metrics, logs and alerts that surface incidents before customers notice.',
            technologies: ['Prometheus', 'Grafana', 'Google Cloud'],
          },
        ],
      },
      {
        name: 'Kubernetes Platform',
        description: 'A production-grade Kubernetes platform for running containerised workloads at scale.',
        technologies: ['Kubernetes', 'Docker', 'Helm', 'Terraform', 'Google Cloud'],
        subTypes: [
          {
            name: 'Managed Cluster Setup',
            description: 'Provisioning managed Kubernetes clusters with networking, ingress and autoscaling.',
            technologies: ['Kubernetes', 'Amazon EKS', 'Google Kubernetes Engine', 'Terraform'],
          },
          {
            name: 'Container Migration',
            description: 'Packaging existing services as containers and deploying them to Kubernetes.',
            technologies: ['Docker', 'Kubernetes', 'Helm'],
          },
          {
            name: 'GitOps Deployment',
            description: 'Declarative deployments where the cluster state is synced from a Git repository.',
            technologies: ['Argo CD', 'Kubernetes', 'Helm'],
          },
        ],
      },
      {
        name: 'Serverless Architecture',
        description:
          'Event-driven backends built on managed functions that scale automatically and cost nothing when idle.',
        technologies: ['AWS Lambda', 'Azure Functions', 'Google Cloud Functions', 'Terraform'],
        subTypes: [
          {
            name: 'Serverless API Backend',
            description: 'An HTTP API running on functions behind a managed API gateway.',
            technologies: ['AWS Lambda', 'Amazon API Gateway', 'Amazon DynamoDB'],
          },
          {
            name: 'Event-driven Data Pipeline',
            description: 'Functions triggered by queues, storage events and schedules to process data.',
            technologies: ['AWS Lambda', 'Amazon SQS', 'Amazon S3'],
          },
          {
            name: 'Scheduled Jobs & Automation',
            description: 'Replacing cron servers with scheduled serverless functions.',
            technologies: ['Azure Functions', 'Google Cloud Functions'],
          },
        ],
      },
      {
        name: 'Cost Optimisation',
        description:
          'Reviewing cloud usage and architecture to cut spend without hurting performance or reliability.',
        technologies: ['AWS', 'Azure', 'Google Cloud', 'Kubernetes', 'Terraform'],
        subTypes: [
          {
            name: 'Cloud Cost Audit',
            description: 'A detailed review of cloud bills with prioritised savings recommendations.',
            technologies: ['AWS', 'Azure', 'Google Cloud'],
          },
          {
            name: 'Rightsizing & Autoscaling',
            description:
              'Matching compute capacity to real demand with rightsizing and autoscaling policies.',
            technologies: ['Kubernetes', 'AWS', 'Terraform'],
          },
          {
            name: 'Reserved Capacity Planning',
            description: 'Planning commitments and savings plans for predictable workloads.',
            technologies: ['AWS', 'Azure'],
          },
        ],
      },
    ],
  },
  {
    name: 'API Development',
    description:
      'Well-designed, documented and secure APIs and integrations that connect products, partners and services.',
    projectTypes: [
      {
        name: 'REST API',
        description: 'A resource-oriented HTTP API with clear versioning, authentication and documentation.',
        technologies: ['Node.js', 'Python', 'Java', 'PostgreSQL', 'OpenAPI'],
        subTypes: [
          {
            name: 'Public REST API',
            description: 'A documented API for external developers with keys, rate limits and versioning.',
            technologies: ['Node.js', 'OpenAPI', 'PostgreSQL'],
          },
          {
            name: 'Internal Service API',
            description: 'An API that exposes business data and operations to internal applications.',
            technologies: ['Python', 'FastAPI', 'PostgreSQL'],
          },
          {
            name: 'Enterprise REST API',
            description:
              'A robust API for enterprise systems with strict security and auditing requirements.',
            technologies: ['Java', 'Spring Boot', 'PostgreSQL'],
          },
        ],
      },
      {
        name: 'GraphQL API',
        description:
          'A typed GraphQL schema that lets clients fetch exactly the data they need in one request.',
        technologies: ['GraphQL', 'Node.js', 'TypeScript', 'PostgreSQL', 'Apollo Server'],
        subTypes: [
          {
            name: 'GraphQL Server',
            description: 'A new GraphQL API with schema design, resolvers and authorisation.',
            technologies: ['GraphQL', 'Apollo Server', 'Node.js'],
          },
          {
            name: 'GraphQL Gateway over REST',
            description: 'A GraphQL layer that unifies existing REST services behind one schema.',
            technologies: ['GraphQL', 'TypeScript', 'Node.js'],
          },
          {
            name: 'Database-backed GraphQL API',
            description: 'A GraphQL API generated from and tuned for a relational database.',
            technologies: ['GraphQL', 'PostgreSQL', 'Hasura'],
          },
        ],
      },
      {
        name: 'Third-party Integration',
        description:
          'Connecting your product to payment, CRM, messaging or other external platforms reliably.',
        technologies: ['Node.js', 'Python', 'Stripe', 'Salesforce', 'Twilio'],
        subTypes: [
          {
            name: 'Payment Gateway Integration',
            description: 'Integrating payments, subscriptions and webhooks from a payment provider.',
            technologies: ['Stripe', 'Node.js', 'PostgreSQL'],
          },
          {
            name: 'CRM Integration',
            description: 'Syncing contacts, deals and activities between your product and a CRM.',
            technologies: ['Salesforce', 'HubSpot', 'Python'],
          },
          {
            name: 'Messaging & Notifications Integration',
            description: 'Sending SMS, email and chat notifications through third-party providers.',
            technologies: ['Twilio', 'SendGrid', 'Node.js'],
          },
        ],
      },
      {
        name: 'Microservices',
        description:
          'Splitting a system into independently deployable services that communicate over well-defined APIs.',
        technologies: ['Go', 'Java', 'Docker', 'Kubernetes', 'gRPC'],
        subTypes: [
          {
            name: 'Monolith Decomposition',
            description: 'Gradually extracting services from an existing monolith without disrupting users.',
            technologies: ['Java', 'Spring Boot', 'Docker'],
          },
          {
            name: 'Greenfield Microservices',
            description: 'Designing a new service-based backend with clear boundaries and contracts.',
            technologies: ['Go', 'gRPC', 'Kubernetes'],
          },
          {
            name: 'Event-driven Messaging',
            description:
              'Asynchronous communication between services using message brokers and event streams.',
            technologies: ['Apache Kafka', 'RabbitMQ', 'Go'],
          },
        ],
      },
      {
        name: 'Real-time API',
        description:
          'Low-latency APIs that push live updates to clients for chat, collaboration or tracking.',
        technologies: ['Node.js', 'Go', 'WebSocket', 'Redis', 'Socket.IO'],
        subTypes: [
          {
            name: 'WebSocket Service',
            description: 'A persistent-connection service that broadcasts events to connected clients.',
            technologies: ['Node.js', 'Socket.IO', 'Redis'],
          },
          {
            name: 'Chat & Messaging Backend',
            description: 'A messaging backend with presence, delivery receipts and message history.',
            technologies: ['Go', 'WebSocket', 'PostgreSQL'],
          },
          {
            name: 'Live Data Streaming API',
            description: 'Streaming prices, telemetry or location updates to clients in real time.',
            technologies: ['Apache Kafka', 'Node.js', 'GraphQL'],
          },
        ],
      },
    ],
  },
  {
    name: 'UI/UX Design',
    description:
      'Research-led product design: user flows, interfaces, prototypes and design systems that people understand.',
    projectTypes: [
      {
        name: 'User Research',
        description:
          'Interviews, surveys and analysis that reveal what users need and where the product falls short.',
        technologies: ['Dovetail', 'Maze', 'Miro', 'Figma'],
        subTypes: [
          {
            name: 'User Interviews',
            description: 'Structured interviews with target users, synthesised into clear insights.',
            technologies: ['Dovetail', 'Zoom', 'Miro'],
          },
          {
            name: 'Personas & Journey Mapping',
            description: 'Evidence-based personas and end-to-end journey maps highlighting pain points.',
            technologies: ['Miro', 'Figma'],
          },
          {
            name: 'Competitive Analysis',
            description: 'A review of competitor products to identify patterns, gaps and opportunities.',
            technologies: ['Miro', 'Notion'],
          },
        ],
      },
      {
        name: 'Wireframes & Prototypes',
        description:
          'Low- to high-fidelity wireframes and clickable prototypes that make ideas testable early.',
        technologies: ['Figma', 'Adobe XD', 'Sketch', 'Framer'],
        subTypes: [
          {
            name: 'Low-fidelity Wireframes',
            description: 'Quick structural layouts that settle information architecture and flows.',
            technologies: ['Figma', 'Balsamiq'],
          },
          {
            name: 'Interactive Prototype',
            description: 'A clickable, high-fidelity prototype ready for stakeholder reviews and user tests.',
            technologies: ['Figma', 'Adobe XD', 'Framer'],
          },
          {
            name: 'User Flow Mapping',
            description: 'Diagrams of every step users take to complete key tasks, including edge cases.',
            technologies: ['Sketch', 'Miro'],
          },
        ],
      },
      {
        name: 'Visual Design',
        description: 'Polished, on-brand interface design with typography, colour, iconography and imagery.',
        technologies: ['Figma', 'Sketch', 'Adobe XD', 'Adobe Illustrator', 'Adobe Photoshop'],
        subTypes: [
          {
            name: 'Web App UI Design',
            description: 'High-fidelity screens for a web application across all key states and breakpoints.',
            technologies: ['Figma', 'Adobe XD'],
          },
          {
            name: 'Mobile App UI Design',
            description: 'Native-feeling iOS and Android screens that follow platform conventions.',
            technologies: ['Figma', 'Sketch'],
          },
          {
            name: 'Brand Identity & Iconography',
            description:
              'Logo refinements, custom icon sets and illustrations that give the product personality.',
            technologies: ['Adobe Illustrator', 'Adobe Photoshop'],
          },
        ],
      },
      {
        name: 'Design System',
        description:
          'A reusable library of components, tokens and guidelines that keeps design and code consistent.',
        technologies: ['Figma', 'Storybook', 'React', 'Tokens Studio'],
        subTypes: [
          {
            name: 'Component Library Design',
            description: 'A documented Figma library of components with variants and usage guidelines.',
            technologies: ['Figma', 'Tokens Studio'],
          },
          {
            name: 'Coded Component Library',
            description:
              'Design-system components implemented in code and documented in an interactive catalogue.',
            technologies: ['Storybook', 'React', 'TypeScript'],
          },
          {
            name: 'Design System Audit',
            description:
              'Reviewing existing UI for inconsistencies and consolidating it into a single system.',
            technologies: ['Figma', 'Storybook'],
          },
        ],
      },
      {
        name: 'Usability Testing',
        description:
          'Watching real users attempt real tasks to find and fix friction before and after launch.',
        technologies: ['Maze', 'UserTesting', 'Hotjar', 'Figma'],
        subTypes: [
          {
            name: 'Moderated Usability Testing',
            description: 'Facilitated sessions where users think aloud while completing key tasks.',
            technologies: ['Zoom', 'Figma', 'Dovetail'],
          },
          {
            name: 'Unmoderated Remote Testing',
            description: 'Remote task-based tests run at scale with quantitative results.',
            technologies: ['Maze', 'UserTesting'],
          },
          {
            name: 'Accessibility Review',
            description: 'Evaluating designs and live products against WCAG guidelines.',
            technologies: ['axe DevTools', 'Lighthouse'],
          },
          {
            name: 'Behaviour Analytics Review',
            description: 'Analysing heatmaps and session recordings to spot where users struggle.',
            technologies: ['Hotjar', 'Google Analytics'],
          },
        ],
      },
    ],
  },
  {
    name: 'Security & Testing',
    description:
      'Penetration tests, security audits, automated testing and code reviews that find weak spots before attackers or users do.',
    projectTypes: [
      {
        name: 'Penetration Testing',
        description:
          'Authorised simulated attacks on your applications and infrastructure to uncover exploitable vulnerabilities.',
        technologies: ['Burp Suite', 'OWASP ZAP', 'Metasploit', 'Nmap'],
        subTypes: [
          {
            name: 'Web Application Pentest',
            description: 'Manual and automated testing of a web app against the OWASP Top 10 and beyond.',
            technologies: ['Burp Suite', 'OWASP ZAP'],
          },
          {
            name: 'Network & Infrastructure Pentest',
            description: 'Testing exposed hosts, services and network segmentation for weaknesses.',
            technologies: ['Nmap', 'Metasploit', 'Wireshark'],
          },
          {
            name: 'Mobile App Pentest',
            description:
              'Assessing iOS and Android apps for insecure storage, traffic and authentication flaws.',
            technologies: ['Burp Suite', 'Frida', 'MobSF'],
          },
        ],
      },
      {
        name: 'Security Audit',
        description:
          'A structured review of systems, configuration and processes against security best practices and standards.',
        technologies: ['OWASP ZAP', 'Snyk', 'SonarQube', 'AWS'],
        subTypes: [
          {
            name: 'Cloud Security Review',
            description:
              'Auditing cloud accounts for misconfigurations, excessive permissions and exposed data.',
            technologies: ['AWS', 'Azure', 'Prowler'],
          },
          {
            name: 'Dependency & Supply Chain Audit',
            description:
              'Scanning third-party packages and containers for known vulnerabilities and licence risks.',
            technologies: ['Snyk', 'Trivy', 'Dependabot'],
          },
          {
            name: 'Compliance Readiness Assessment',
            description:
              'Gap analysis against SOC 2, ISO 27001 or GDPR requirements with a remediation plan.',
            technologies: ['Vanta', 'Drata'],
          },
        ],
      },
      {
        name: 'Test Automation',
        description: 'Automated end-to-end, integration and unit test suites that run on every change.',
        technologies: ['Playwright', 'Cypress', 'Selenium', 'Jest', 'GitHub Actions'],
        subTypes: [
          {
            name: 'End-to-End Web Testing',
            description: 'Browser tests that exercise critical user journeys across real browsers.',
            technologies: ['Playwright', 'Cypress', 'TypeScript'],
          },
          {
            name: 'Cross-browser Regression Suite',
            description: 'A regression suite run on a grid of browsers and operating systems.',
            technologies: ['Selenium', 'BrowserStack', 'Java'],
          },
          {
            name: 'Mobile Test Automation',
            description: 'Automated UI tests for native and cross-platform mobile apps on real devices.',
            technologies: ['Appium', 'BrowserStack'],
          },
          {
            name: 'Unit & Integration Testing',
            description: 'Raising coverage with fast unit and integration tests wired into CI.',
            technologies: ['Jest', 'Vitest', 'GitHub Actions'],
          },
        ],
      },
      {
        name: 'Performance Testing',
        description:
          'Load, stress and soak tests that show how your system behaves under real-world traffic.',
        technologies: ['k6', 'Apache JMeter', 'Gatling', 'Grafana'],
        subTypes: [
          {
            name: 'Load Testing',
            description: 'Simulating expected peak traffic to verify response times and error rates.',
            technologies: ['k6', 'Grafana'],
          },
          {
            name: 'Stress & Spike Testing',
            description:
              'Pushing the system beyond its limits to find breaking points and recovery behaviour.',
            technologies: ['Apache JMeter', 'Gatling'],
          },
          {
            name: 'Frontend Performance Audit',
            description: 'Measuring and improving page load, Core Web Vitals and rendering performance.',
            technologies: ['Lighthouse', 'WebPageTest'],
          },
        ],
      },
      {
        name: 'Code Review',
        description:
          'An expert review of your codebase for security flaws, maintainability and architectural risks.',
        technologies: ['SonarQube', 'Semgrep', 'GitHub', 'Snyk'],
        subTypes: [
          {
            name: 'Secure Code Review',
            description:
              'A line-by-line review focused on injection, authentication and data exposure flaws.',
            technologies: ['Semgrep', 'SonarQube'],
          },
          {
            name: 'Architecture & Quality Review',
            description:
              'Assessing structure, test coverage and technical debt with prioritised recommendations.',
            technologies: ['SonarQube', 'GitHub'],
          },
          {
            name: 'Pre-acquisition Technical Due Diligence',
            description:
              'An independent assessment of codebase quality and risks ahead of an investment or acquisition.',
            technologies: ['GitHub', 'Snyk', 'Semgrep'],
          },
        ],
      },
    ],
  },
];
