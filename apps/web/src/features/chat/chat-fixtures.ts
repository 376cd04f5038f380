import type { ChatMessage, ChatRoomSummary, TeamDetail } from '@teamhire/shared';

export function messageFixture(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1,
    chat_room_id: 12,
    sender_id: 'user:7',
    sender_name: 'ada',
    sender_role: 'buyer',
    message_text: 'Hello team',
    message_type: 'text',
    file_url: null,
    thumbnail_url: null,
    file_name: null,
    file_size: null,
    file_kind: null,
    client_message_id: null,
    created_at: '2025-03-04T10:00:00Z',
    ...overrides,
  };
}

export function roomSummaryFixture(overrides: Partial<ChatRoomSummary> = {}): ChatRoomSummary {
  return {
    chat_room_id: 12,
    team_id: 3,
    team_name: 'Pixel Crew',
    buyer_name: 'ada',
    status: 'active',
    unread_count: 0,
    last_message_text: 'Hello team',
    last_message_at: '2025-03-04T10:00:00Z',
    created_at: '2025-03-04T09:00:00Z',
    profile_picture_url: null,
    service_package: null,
    ...overrides,
  };
}

export function teamDetailFixture(overrides: Partial<TeamDetail> = {}): TeamDetail {
  return {
    id: 3,
    name: 'Pixel Crew',
    description: 'We build web apps.',
    logo: null,
    member_count: 2,
    max_members: 5,
    is_active: true,
    availability: 'available',
    service_category_id: null,
    service_category: null,
    project_type_id: null,
    project_type: null,
    projects_sub_types_id: null,
    project_sub_type: null,
    technologies: [],
    admin_id: 20,
    admin: { id: 20, username: 'bo_admin', profile_picture_url: null },
    lowest_package_price: null,
    team_metrics: { total_completed_projects: 0, avg_reviews: 0, total_reviews: 0 },
    created_at: '2025-01-01T00:00:00Z',
    members: [
      {
        id: 20,
        username: 'bo_admin',
        full_name: 'Bo Admin',
        profile_picture_url: null,
        role: 'admin',
        joined_at: '2025-01-01T00:00:00Z',
      },
      {
        id: 21,
        username: 'cy',
        full_name: null,
        profile_picture_url: null,
        role: 'member',
        joined_at: '2025-01-02T00:00:00Z',
      },
    ],
    ...overrides,
  };
}
