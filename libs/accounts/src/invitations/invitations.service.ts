import { Injectable } from '@nestjs/common';
import { Mailer } from '../recovery/mailer';

export interface SpeakerInviteMail {
  to: string;
  roomName: string;
  speakerName: string;
  link: string;
}

/** Mails for people who have no account here: a speaker invite from a room's owner. */
@Injectable()
export class InvitationsService {
  constructor(private readonly mailer: Mailer) {}

  /** The link opens the room for speaking: the Mailer shows a mail's text in the log at debug level only. */
  async speakerInvite(mail: SpeakerInviteMail): Promise<Record<string, never>> {
    await this.mailer.send({
      to: mail.to,
      subject: `Invitación para hablar en «${mail.roomName}» / Invitation to speak`,
      text:
        `Hola ${mail.speakerName},\n\nTe han invitado a hablar como co-anfitrión en la sala «${mail.roomName}». ` +
        `Abre este enlace para unirte (es personal, no lo compartas):\n${mail.link}\n\n` +
        `You have been invited to speak as a co-host in the room "${mail.roomName}". Open the link above to join ` +
        `(it is yours alone: do not share it).\n`,
    });
    return {};
  }
}
