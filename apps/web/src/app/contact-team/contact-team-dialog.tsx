import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHAT_TEXTS,
  GUEST_NAME_MAX,
  guestUserRequestSchema,
  type GuestUserRequest,
  type RegisterRequest,
} from '@teamhire/shared';
import { LoaderCircle, LogIn, MessageSquare, UserPlus, UserRound } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { useToast } from '../../components/ui/toast-context';
import { storeTokens } from '../../lib/auth-tokens';
import { login } from '../../features/accounts/api/login';
import { AccountTypeStep, type AccountType } from '../../features/accounts/components/account-type-step';
import { RegistrationForm } from '../../features/accounts/components/registration-form';
import { SignInFields, useSignIn } from '../../features/accounts/components/sign-in-form';
import { createGuestRoom, createGuestUser } from '../../features/chat/chat-api';
import type { ContactTarget } from '../../lib/contact-request';
import { guestChatPath, storeGuestSession } from '../../lib/guest-session';
import { useStartTeamChat } from '../../features/chat/use-start-team-chat';

/** The sign-up modal's words for the two account types a visitor may pick. */
export const CONTACT_ACCOUNT_TYPE_DESCRIPTIONS: Record<AccountType, string> = {
  SELLER: 'Join teams and collaborate',
  BUYER: 'Contact teams and purchase services',
};

type View = 'choose' | 'sign-in' | 'sign-up' | 'guest';

const VIEW_TITLES: Record<Exclude<View, 'choose'>, string> = {
  'sign-in': 'Sign In',
  'sign-up': 'Create Account',
  guest: 'Continue as Guest',
};

function SignInForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const signIn = useSignIn(onSignedIn);
  return (
    <form noValidate onSubmit={signIn.onSubmit} aria-label="Sign in" className="flex flex-col gap-4">
      {signIn.failure ? <Alert variant="error">{signIn.failure}</Alert> : null}
      <SignInFields signIn={signIn} />
    </form>
  );
}

function SignUpSteps({ onRegistered }: { onRegistered: (sent: RegisterRequest) => Promise<void> }) {
  const [role, setRole] = useState<AccountType | null>(null);
  // Focus follows the step so that a screen reader hears where it is.
  const focusHeading = useCallback((element: HTMLHeadingElement | null) => element?.focus(), []);
  if (!role) {
    return (
      <AccountTypeStep
        headingRef={focusHeading}
        onChoose={setRole}
        descriptions={CONTACT_ACCOUNT_TYPE_DESCRIPTIONS}
      />
    );
  }
  return (
    <RegistrationForm
      role={role}
      headingRef={focusHeading}
      onChangeAccountType={() => setRole(null)}
      onRegistered={(_email, sent) => onRegistered(sent)}
    />
  );
}

/**
 * A guest session (a name and an optional email), then the guest's room with the team; which step failed is
 * said.
 */
function GuestForm({ team, onStarted }: { team: ContactTarget; onStarted: (path: string) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<GuestUserRequest>({
    resolver: zodResolver(guestUserRequestSchema),
    defaultValues: { name: '', email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    let step: 'guest' | 'room' | 'store' = 'guest';
    try {
      const guest = await createGuestUser({ name: values.name, email: values.email || null });
      step = 'room';
      const room = await createGuestRoom(guest, team.id);
      step = 'store';
      storeGuestSession({
        token: guest.session_token,
        guestUserId: guest.guest_user_id,
        name: guest.name,
        tempUserId: room.temp_user_id ?? `guest:${guest.guest_user_id}`,
        chatRoomId: room.chat_room_id,
        expiresAt: guest.expires_at,
      });
      onStarted(guestChatPath(room.chat_room_id, guest.session_token));
    } catch {
      setFailure(
        step === 'guest'
          ? CHAT_TEXTS.guestCreateFailed
          : step === 'room'
            ? CHAT_TEXTS.roomCreateFailed
            : CHAT_TEXTS.guestAccountFailed,
      );
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Quick start as a guest" className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        Chat with {team.name} without an account. Your guest chat lasts 7 days and can be upgraded to a full
        account at any time.
      </p>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <TextField
        label="Your Name"
        autoComplete="name"
        required
        maxLength={GUEST_NAME_MAX}
        startIcon={<UserRound aria-hidden="true" className="size-4" />}
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        optional
        hint="Only used to reach you about this conversation."
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        ) : (
          <MessageSquare aria-hidden="true" className="size-4" />
        )}
        Start Chat
      </Button>
    </form>
  );
}

/**
 * The contact flow for a visitor: a chooser (Sign In, Create Account, guest), each opening
 * its own view; closing a view comes back to the chooser, closing the chooser ends the flow. Whatever
 * way in, the chat opens at the end.
 */
export function ContactTeamDialog({ team, onClose }: { team: ContactTarget; onClose: () => void }) {
  const [view, setView] = useState<View>('choose');
  const navigate = useNavigate();
  const { showToast } = useToast();
  const startTeamChat = useStartTeamChat();

  // Signed in by now: the chooser has done its part whether or not the chat opens (a toast says why not).
  const openChat = async () => {
    await startTeamChat(team.id);
    onClose();
  };

  const afterSignUp = async (sent: RegisterRequest) => {
    try {
      const tokens = await login({ username: sent.username, password: sent.password });
      storeTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
    } catch {
      // The account exists; signing in by hand is all that is left.
      showToast({ title: 'Account created. Please sign in to continue.', variant: 'success' });
      onClose();
      void navigate('/login');
      return;
    }
    await openChat();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (open) return;
        if (view === 'choose') onClose();
        else setView('choose');
      }}
    >
      {view === 'choose' ? (
        <DialogContent
          title={`Contact ${team.name}`}
          description="Sign in or create an account to chat with this team, or start a quick chat as a guest."
        >
          <div className="flex flex-col gap-3">
            <Button onClick={() => setView('sign-in')} className="w-full">
              <LogIn aria-hidden="true" className="size-4" />
              Sign In
            </Button>
            <Button variant="secondary" onClick={() => setView('sign-up')} className="w-full">
              <UserPlus aria-hidden="true" className="size-4" />
              Create Account
            </Button>
            <Button variant="ghost" onClick={() => setView('guest')} className="w-full">
              <MessageSquare aria-hidden="true" className="size-4" />
              Continue as Guest
            </Button>
          </div>
        </DialogContent>
      ) : (
        <DialogContent title={VIEW_TITLES[view]}>
          {view === 'sign-in' ? <SignInForm onSignedIn={openChat} /> : null}
          {view === 'sign-up' ? <SignUpSteps onRegistered={afterSignUp} /> : null}
          {view === 'guest' ? (
            <GuestForm
              team={team}
              onStarted={(path) => {
                onClose();
                void navigate(path);
              }}
            />
          ) : null}
        </DialogContent>
      )}
    </Dialog>
  );
}
