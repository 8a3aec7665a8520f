import type { Person } from './types.ts';
import { Img } from './Img.tsx';
import { SocialIcon } from './SocialIcon.tsx';

interface PersonCardProps {
  person: Person;
  /** Visible text of the profile link, e.g. "LinkedIn profile". */
  profileText: string;
  /** Accessible name of the profile link; `{name}` becomes the person's name, so each link is unique. */
  profileLabel: string;
}

/** One member of the leadership team or of the mentors: photo, name, role, credential, profile link. */
export function PersonCard({ person, profileText, profileLabel }: PersonCardProps) {
  return (
    <li className="person-card">
      <Img image={person.photo} className="person-card__photo" />
      <h3 className="person-card__name">{person.name}</h3>
      <p className="person-card__role">{person.role}</p>
      <p className="person-card__credential">{person.credential}</p>
      <a className="person-card__profile" href={person.profile} target="_blank" rel="noopener noreferrer"
        aria-label={profileLabel.replaceAll('{name}', person.name)}>
        <SocialIcon name="linkedin" />
        <span>{profileText}</span>
      </a>
    </li>
  );
}
