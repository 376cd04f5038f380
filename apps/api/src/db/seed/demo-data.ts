import { count, eq, inArray } from 'drizzle-orm';
import { PLATFORM_FEE_PERCENT_DEFAULT } from '@teamhire/shared';
import { hashPassword } from '../../platform/auth/password';
import { storeGalleryImage, storeLogoImage } from '../../platform/images/image-files';
import type { Storage } from '../../platform/storage';
import { recordCharge, recordCompletion, recordRefund } from '../../modules/payments/ledger.service';
import type { DatabaseOrTransaction } from '../database';
import { demoGalleryImage, demoLogo } from './demo-images';
import {
  orders,
  packageImages,
  payments,
  reviews,
  savedPaymentMethods,
  projectSubTypes,
  projectTypes,
  serviceCategories,
  servicePackages,
  teamMembers,
  teams,
  teamTechnologies,
  technologies,
  users,
} from '../schema/index';

/** Documented in the README; demo data exists only on a local, embedded database. */
export const DEMO_PASSWORD = 'demo-pass-2026';

export const DEMO_USERS = [
  { username: 'admin', role: 'GENERAL_ADMIN', fullName: 'Grace Admin', verified: true },
  { username: 'alice', role: 'TEAM_ADMIN', fullName: 'Alice Moreau', verified: true },
  { username: 'bruno', role: 'TEAM_ADMIN', fullName: 'Bruno Silva', verified: true },
  { username: 'chen', role: 'TEAM_ADMIN', fullName: 'Chen Wei', verified: false },
  { username: 'dana', role: 'SELLER', fullName: 'Dana Kowalski', verified: false },
  { username: 'emeka', role: 'SELLER', fullName: 'Emeka Obi', verified: false },
  { username: 'farah', role: 'BUYER', fullName: 'Farah Haddad', verified: false },
  { username: 'gustav', role: 'BUYER', fullName: 'Gustav Lind', verified: false },
  { username: 'hana', role: 'USER', fullName: 'Hana Sato', verified: false },
] as const;

interface DemoTeam {
  name: string;
  description: string;
  admin: string;
  members: string[];
  maxMembers: number;
  category: string;
  projectType: string;
  technologies: string[];
  packages: { title: string; description: string; price: number; days: number; tags: string }[];
}

const DEMO_TEAMS: DemoTeam[] = [
  {
    name: 'Northwind Web Studio',
    description: 'A senior product team building fast, accessible web applications and online stores.',
    admin: 'alice',
    members: ['dana'],
    maxMembers: 8,
    category: 'Web Development',
    projectType: 'E-commerce Store',
    technologies: ['React', 'Next.js', 'Node.js', 'TypeScript'],
    packages: [
      {
        title: 'E-commerce Starter Store',
        description:
          'A complete online store with catalogue, cart, checkout and an admin area, ready to sell.',
        price: 4800,
        days: 30,
        tags: 'e-commerce,react,next.js,stripe,seo',
      },
      {
        title: 'Marketing Landing Page',
        description:
          'A fast, responsive landing page with analytics and a contact form, designed to convert.',
        price: 950,
        days: 7,
        tags: 'landing page,react,seo',
      },
    ],
  },
  {
    name: 'Harbor Mobile Collective',
    description: 'Cross-platform mobile specialists shipping polished iOS and Android apps.',
    admin: 'bruno',
    members: ['emeka'],
    maxMembers: 6,
    category: 'Mobile Development',
    projectType: 'Cross-platform App',
    technologies: ['React Native', 'Flutter', 'Firebase'],
    packages: [
      {
        title: 'Cross-platform MVP App',
        description: 'An MVP app for iOS and Android with sign-in, core screens and store submission.',
        price: 12500,
        days: 60,
        tags: 'mobile,flutter,react native,mvp',
      },
    ],
  },
  {
    name: 'Stratus Cloud Engineers',
    description: 'Cloud migrations, Kubernetes platforms and CI/CD pipelines that stay green.',
    admin: 'alice',
    members: [],
    maxMembers: 5,
    category: 'Cloud Solutions',
    projectType: 'DevOps & CI/CD',
    technologies: ['AWS', 'Docker', 'Kubernetes', 'Terraform'],
    packages: [
      {
        title: 'CI/CD Pipeline Setup',
        description: 'Automated build, test and deploy pipelines with infrastructure as code and monitoring.',
        price: 3200,
        days: 14,
        tags: 'devops,ci/cd,terraform,aws',
      },
    ],
  },
  {
    name: 'Gateway API Works',
    description: 'Designers of well-documented REST and GraphQL APIs and integrations.',
    admin: 'bruno',
    members: [],
    maxMembers: 4,
    category: 'API Development',
    projectType: 'REST API',
    technologies: ['Node.js', 'PostgreSQL', 'GraphQL'],
    packages: [
      {
        title: 'REST API with Documentation',
        description: 'A secure REST API with authentication, OpenAPI documentation and automated tests.',
        price: 5600,
        days: 21,
        tags: 'api,rest,openapi,node.js,postgresql',
      },
    ],
  },
  {
    name: 'Pixel & Flow Design',
    description: 'User research and interface design for products people understand at first sight.',
    admin: 'alice',
    members: [],
    maxMembers: 10,
    category: 'UI/UX Design',
    projectType: 'Visual Design',
    technologies: ['Figma', 'Storybook'],
    packages: [
      {
        title: 'Product UI Design Sprint',
        description:
          'Two weeks of research, wireframes and high-fidelity screens with a clickable prototype.',
        price: 2900,
        days: 14,
        tags: 'ui,ux,figma,prototype',
      },
    ],
  },
  {
    name: 'Sentinel Security Lab',
    description: 'Penetration testing and test automation for teams that take security seriously.',
    admin: 'bruno',
    members: [],
    maxMembers: 3,
    category: 'Security & Testing',
    projectType: 'Penetration Testing',
    technologies: ['OWASP ZAP', 'Burp Suite', 'Playwright'],
    packages: [
      {
        title: 'Web Application Penetration Test',
        description:
          'A manual and automated penetration test of one web application with a fix-ready report.',
        price: 6400,
        days: 10,
        tags: 'security,pentest,owasp',
      },
    ],
  },
];

const DEMO_REVIEW_COMMENTS = [
  'Clear communication from day one and delivered ahead of schedule.',
  'Solid work; a couple of small fixes after handover, handled quickly.',
  'Exactly what we asked for, with documentation we could actually use.',
  'Great team to work with. We will hire them again for the next phase.',
  'Good result, though the first week was slower than expected.',
];

/** A small deterministic generator, so every fresh demo database looks the same. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 4_294_967_296;
    return state / 4_294_967_296;
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A logo for the team and one to three pictures per package, drawn here and stored as an upload
 * would be (nothing is downloaded). The pictures of a team are made side by side.
 */
async function seedDemoImages(
  db: DatabaseOrTransaction,
  storage: Storage,
  team: { teamId: number; name: string; category: string },
  packageRows: { id: number }[],
): Promise<void> {
  const [logo, galleries] = await Promise.all([
    demoLogo(team.name, team.category).then((content) => storeLogoImage(storage, content)),
    Promise.all(
      packageRows.map((row) =>
        Promise.all(
          Array.from({ length: 1 + (row.id % 3) }, (_, index) =>
            demoGalleryImage(team.category, row.id + index).then((content) =>
              storeGalleryImage(storage, content),
            ),
          ),
        ),
      ),
    ),
  ]);
  await db.update(teams).set({ logoImageId: logo.id }).where(eq(teams.id, team.teamId));
  const rows = packageRows.flatMap((row, packageIndex) =>
    galleries[packageIndex]!.map((image, position) => ({
      id: image.id,
      packageId: row.id,
      position,
      width: image.width,
      height: image.height,
      widths: image.widths,
    })),
  );
  if (rows.length > 0) await db.insert(packageImages).values(rows);
}

/**
 * Fills an empty database with a believable marketplace: users of every role, teams, packages
 * and a year of orders so the landing page's statistics chart has a shape. Returns false when the
 * database already has users (demo data is never mixed into real data).
 */
export async function seedDemoData(
  db: DatabaseOrTransaction,
  now = new Date(),
  storage?: Storage,
): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userRows = await db
    .insert(users)
    .values(
      DEMO_USERS.map((user) => ({
        username: user.username,
        email: `${user.username}@demo.teamhire.test`,
        passwordHash,
        role: user.role,
        fullName: user.fullName,
        isVerified: user.verified,
        emailVerified: true,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const userIds = new Map(userRows.map((row) => [row.username, row.id]));

  const categoryNames = [...new Set(DEMO_TEAMS.map((team) => team.category))];
  const typeRows = await db
    .select({
      id: projectTypes.id,
      name: projectTypes.name,
      category: serviceCategories.name,
      categoryId: serviceCategories.id,
    })
    .from(projectTypes)
    .innerJoin(serviceCategories, eq(projectTypes.serviceCategoryId, serviceCategories.id))
    .where(inArray(serviceCategories.name, categoryNames));
  const subTypeRows = await db
    .select({ id: projectSubTypes.id, typeId: projectSubTypes.projectTypeId })
    .from(projectSubTypes);
  const technologyRows = await db.select({ id: technologies.id, name: technologies.name }).from(technologies);
  const technologyIds = new Map(technologyRows.map((row) => [row.name, row.id]));

  const random = seededRandom(20_261_121);
  const packageIds: { id: number; teamId: number; priceCents: number }[] = [];
  for (const demoTeam of DEMO_TEAMS) {
    const type = typeRows.find(
      (row) => row.category === demoTeam.category && row.name === demoTeam.projectType,
    );
    const subType = subTypeRows.find((row) => row.typeId === type?.id);
    const adminId = userIds.get(demoTeam.admin)!;
    const [team] = await db
      .insert(teams)
      .values({
        name: demoTeam.name,
        description: demoTeam.description,
        adminId,
        maxMembers: demoTeam.maxMembers,
        memberCount: 1 + demoTeam.members.length,
        serviceCategoryId: type?.categoryId ?? null,
        projectTypeId: type?.id ?? null,
        projectSubTypeId: subType?.id ?? null,
        createdAt: new Date(now.getTime() - 400 * DAY_MS),
      })
      .returning({ id: teams.id });
    const teamId = team!.id;
    await db.insert(teamMembers).values([
      { teamId, userId: adminId, role: 'admin' as const },
      ...demoTeam.members.map((member) => ({
        teamId,
        userId: userIds.get(member)!,
        role: 'member' as const,
      })),
    ]);
    const teamTechnologyIds = demoTeam.technologies
      .map((name) => technologyIds.get(name))
      .filter((id): id is number => id !== undefined);
    if (teamTechnologyIds.length > 0) {
      await db
        .insert(teamTechnologies)
        .values(teamTechnologyIds.map((technologyId) => ({ teamId, technologyId })));
    }
    const packageRows = await db
      .insert(servicePackages)
      .values(
        demoTeam.packages.map((item) => ({
          teamId,
          title: item.title,
          description: item.description,
          priceCents: item.price * 100,
          durationDays: item.days,
          tags: item.tags,
          requirements: 'A short brief of your goals, any existing designs or code, and a contact person.',
          deliverables: 'Source code or design files, documentation and a handover call.',
          status: 'published' as const,
          createdAt: new Date(now.getTime() - 380 * DAY_MS),
        })),
      )
      .returning({
        id: servicePackages.id,
        teamId: servicePackages.teamId,
        priceCents: servicePackages.priceCents,
      });
    packageIds.push(...packageRows);
    if (storage) await seedDemoImages(db, storage, { teamId, ...demoTeam }, packageRows);
  }

  const buyers = [userIds.get('farah')!, userIds.get('gustav')!];
  const orderValues: (typeof orders.$inferInsert)[] = [];
  for (let monthsAgo = 11; monthsAgo >= 0; monthsAgo -= 1) {
    // More work completed in recent months: the chart rises with some noise.
    const completedThisMonth = 2 + Math.floor((11 - monthsAgo) / 2) + Math.floor(random() * 3);
    for (let index = 0; index < completedThisMonth; index += 1) {
      const item = packageIds[Math.floor(random() * packageIds.length)]!;
      const completedAt = new Date(
        Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1 + Math.floor(random() * 27), 10),
      );
      if (completedAt > now) completedAt.setTime(now.getTime() - DAY_MS);
      orderValues.push({
        buyerId: buyers[Math.floor(random() * buyers.length)]!,
        servicePackageId: item.id,
        teamId: item.teamId,
        status: 'completed',
        totalCents: item.priceCents,
        createdAt: new Date(completedAt.getTime() - 20 * DAY_MS),
        updatedAt: completedAt,
        completedAt,
      });
    }
  }
  for (const status of [
    'confirmed',
    'confirmed',
    'in_progress',
    'in_progress',
    'in_progress',
    'cancelled',
  ] as const) {
    const item = packageIds[Math.floor(random() * packageIds.length)]!;
    const createdAt = new Date(now.getTime() - Math.floor(random() * 20 + 1) * DAY_MS);
    orderValues.push({
      buyerId: buyers[Math.floor(random() * buyers.length)]!,
      servicePackageId: item.id,
      teamId: item.teamId,
      status,
      totalCents: item.priceCents,
      createdAt,
      updatedAt: createdAt,
    });
  }
  const orderRows = await db.insert(orders).values(orderValues).returning({
    id: orders.id,
    totalCents: orders.totalCents,
    createdAt: orders.createdAt,
    status: orders.status,
    buyerId: orders.buyerId,
    teamId: orders.teamId,
    servicePackageId: orders.servicePackageId,
    completedAt: orders.completedAt,
  });
  // Most buyers review a completed order; ratings lean positive, as on any live marketplace.
  const reviewValues = orderRows
    .filter((order) => order.status === 'completed' && random() < 0.7)
    .map((order) => ({
      orderId: order.id,
      buyerId: order.buyerId,
      teamId: order.teamId,
      servicePackageId: order.servicePackageId,
      rating: random() < 0.15 ? 3 : random() < 0.5 ? 4 : 5,
      comment: DEMO_REVIEW_COMMENTS[Math.floor(random() * DEMO_REVIEW_COMMENTS.length)]!,
      createdAt: new Date((order.completedAt ?? order.createdAt).getTime() + DAY_MS),
    }));
  if (reviewValues.length > 0) await db.insert(reviews).values(reviewValues);
  await db.insert(payments).values(
    orderRows.map((order) => ({
      orderId: order.id,
      status: order.status === 'cancelled' ? ('refunded' as const) : ('completed' as const),
      method: 'credit_card',
      amountCents: order.totalCents,
      transactionId: `demo_${order.id.toString().padStart(6, '0')}`,
      cardBrand: 'visa',
      cardLastFour: '4242',
      createdAt: order.createdAt,
      completedAt: order.createdAt,
    })),
  );
  // The ledger tells the same story as the orders, so the finance page balances on the demo too:
  // every payment held in escrow, completed orders shared out (fee at its default), cancelled ones returned.
  for (const order of orderRows) {
    await recordCharge(db, { orderId: order.id, amountCents: order.totalCents, at: order.createdAt });
    if (order.status === 'completed') {
      await recordCompletion(db, {
        orderId: order.id,
        platformFeePercent: PLATFORM_FEE_PERCENT_DEFAULT,
        at: order.completedAt ?? order.createdAt,
      });
    }
    if (order.status === 'cancelled') {
      await recordRefund(db, { orderId: order.id, amountCents: order.totalCents, at: order.createdAt });
    }
  }
  // The billing page has something to show: the card the demo payments were made with, and PayPal.
  await db.insert(savedPaymentMethods).values([
    {
      userId: buyers[0]!,
      type: 'CREDIT_CARD',
      name: 'Personal Visa',
      lastFour: '4242',
      brand: 'visa',
      expiryMonth: 12,
      expiryYear: now.getUTCFullYear() + 3,
      isDefault: true,
    },
    { userId: buyers[0]!, type: 'PAYPAL', name: 'farah@demo.teamhire.test', isDefault: false },
  ]);
  return true;
}
