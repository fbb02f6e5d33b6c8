import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../auth/session.ts';
import { useViewport } from '../shell/useViewport.ts';
import { ProfileSidePanel } from './ProfileSidePanel.tsx';
import './profile.css';

/**
 * /profile and its subpages. Tablet and wider: the side panel beside the subpage, and /profile
 * itself redirects to personal-info. Mobile: /profile is the navigation list, subpages alone.
 */
export default function ProfileLayout() {
  const { user } = useSession();
  const viewport = useViewport();
  const { pathname } = useLocation();
  const isIndex = /^\/profile\/?$/.test(pathname);
  if (!user) return null;
  if (viewport === 'mobile') {
    return <div className="dc-page dc-profile dc-profile--mobile">{isIndex ? <ProfileSidePanel user={user} /> : <Outlet />}</div>;
  }
  if (isIndex) return <Navigate to="/profile/personal-info" replace />;
  return (
    <div className="dc-page dc-profile">
      <ProfileSidePanel user={user} />
      <div className="dc-profile__content">
        <Outlet />
      </div>
    </div>
  );
}
