import { PRODUCT_NAME } from '#shared/constants.ts';
import { num } from '../format.ts';
import type { MailTexts } from '../types.ts';

// Japanese has no plural forms: counts take a counter word (件, 時間, 日).
const n = (x: number) => num('ja', x);

export const ja: MailTexts = {
  layout: {
    orOpenLink: (url) => `または次のリンクを開いてください: ${url}`,
    unsubscribe: '配信停止',
  },
  quote: (text) => `「${text}」`,
  hours: (h) => `${n(h)}時間`,
  stars: (s) => `星${n(s)}つ`,

  hello: (name) => `${name} さん`,
  validHours: (h) => `${n(h)}時間`,
  verify: {
    subject: 'メールアドレスを確認してください',
    preheader: `ワンクリックで ${PRODUCT_NAME} アカウントのアドレスを確認できます。`,
    heading: 'メールアドレスを確認してください',
    change: `${PRODUCT_NAME} アカウントでこのアドレスを使うようリクエストがありました。このアドレスを確認するまで、アカウントは現在のアドレスのままです。`,
    welcome: `${PRODUCT_NAME} へようこそ！このアドレスがご自身のものであることを確認してください。確認が済むまでは、閲覧とメッセージの送信はできますが、掲載の公開や支払いの受け取りはできません。`,
    validity: (hours) => `このリンクは1回だけ使え、${hours}有効です。`,
    action: 'アドレスを確認する',
    footerChange: `このメールは、${PRODUCT_NAME} アカウントでこのアドレスを使うリクエストがあったため送信されています。お心当たりがない場合は、このメールを無視してください。`,
    footerNew: `このメールは、このアドレスで ${PRODUCT_NAME} アカウントが登録されたため送信されています。お心当たりがない場合は、このメールを無視してください。`,
  },
  emailChange: {
    subject: 'メールアドレスの変更がリクエストされました',
    preheader: '新しいアドレスが確認されるまで、アカウントはこのアドレスのままです。',
    heading: 'メールアドレスの変更がリクエストされました',
    body: (masked) =>
      `${PRODUCT_NAME} アカウントにログインしている人が、メールアドレスを ${masked} に変更するようリクエストしました。変更は、そのアドレスに送信されたリンクが開かれたときにのみ行われます。`,
    notYou: 'お心当たりがない場合は、今すぐログインしてパスワードを変更してください。',
    action: `${PRODUCT_NAME} にログイン`,
    footer: `このメールは、あなたの ${PRODUCT_NAME} アカウントのアドレス宛てに送信されています。`,
  },
  reset: {
    subject: '新しいパスワードを設定してください',
    preheader: (hours) => `${PRODUCT_NAME} の新しいパスワードを設定するためのリンクです（${hours}有効）。`,
    heading: '新しいパスワードを設定してください',
    body: `${PRODUCT_NAME} アカウントのパスワードのリセットがリクエストされました。下のボタンから新しいパスワードを設定してください。ほかのすべての端末からログアウトされます。`,
    validity: (hours) =>
      `このリンクは1回だけ使え、${hours}有効です。お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。`,
    action: '新しいパスワードを設定する',
    footer: `このメールは、このアドレスの ${PRODUCT_NAME} アカウントで新しいパスワードがリクエストされたため送信されています。`,
  },

  notificationFooter:
    'このメールは、Yardshare アカウントをお持ちの方に送信されています。受け取るメールはアカウント設定で選べます。',
  openInApp: 'Yardshare で開く',
  viewBooking: '予約を見る',
  seeReview: 'レビューを見る',
  viewListing: '掲載を見る',
  booking: {
    rentInvoice: (title, month, due) => `「${title}」の${month}か月目の支払い期限は${due}です`,
    rentReminder: (title, month, due) => `お知らせ：「${title}」の${month}か月目の支払い期限は${due}です`,
    rentBody: (amount, lapse) =>
      `予約ページの決済から${amount}をお支払いください。${lapse}までに支払いがない場合、滞在は支払い済みの期間で終了します。`,
    rentLapsed: (title, end) => `未払いの月があります：「${title}」の滞在は${end}に終了します`,
    rentLapsedBody: '猶予期間内に支払いがなかったため、滞在は支払い済みの期間で終了します。',
    weekOver: (title, week) => `「${title}」で合意を大きく超える作業時間（${week} の週）`,
    weekOverBody: (logged, agreed) =>
      `週${agreed}の合意に対して${logged}が記録されています。話し合うか、合意書を変更してください。`,
    endsEarly: (name, title, end) => `${name} さんが「${title}」の滞在を早めに終了します（終了日：${end}）`,
    agreementProposed: (name, title) => `${name} さんが「${title}」の合意書の変更を提案しています`,
    agreementProposedBody: (version) =>
      `版${version}は予約ページであなたが承諾すると有効になります。それまでは合意書は変わりません。`,
    endedByYardshare: (title) => `Yardshare が「${title}」の滞在を終了しました`,
    endsEarlyBody: (reason) => `理由：${reason}`,
    requested: (grower, title, from) => `${grower} さんが ${from} からの「${title}」をリクエストしました`,
    requestExpiresIn: (days) =>
      `${n(days)}日以内に承認するか、お断りしてください。期限を過ぎるとリクエストは期限切れになります。`,
    booked: (grower, title, from) => `${grower} さんが ${from} からの「${title}」を予約しました`,
    bookedRental: (grower) => `即時予約です。${grower} さんの支払いが済むと確定します。`,
    bookedFree: '即時予約です。承認の必要はありません。',
    accepted: (host, title) => `${host} さんが「${title}」のリクエストを承認しました`,
    payWithin: (hours) => `区画を確保するには、${n(hours)}時間以内にお支払いください。`,
    startsOn: (from) => `${from} に開始します。`,
    declined: (host, title) => `${host} さんが「${title}」のリクエストを断りました`,
    declinedBody: '近くのほかの菜園にはまだ空きがあるかもしれません。',
    withdrawn: (grower, title) => `${grower} さんが「${title}」のリクエストを取り下げました`,
    withdrawnBody: '対応は必要ありません。',
    cancelledByHost: (host, title) => `${host} さんが「${title}」の予約をキャンセルしました`,
    cancelledByGrower: (grower, title) => `${grower} さんが「${title}」の予約をキャンセルしました`,
    cancelledBody: (from) => `${from} からの予約はキャンセルされました。`,
    yourBookingExpired: (title) => `「${title}」の予約の期限が切れました`,
    yourRequestExpired: (title) => `「${title}」のリクエストの期限が切れました`,
    notPaidInTime: '期限内に支払いがなかったため、区画は再び空きになりました。',
    hostDidNotAnswer: (host) => `${host} さんから期限内に返答がありませんでした。`,
    theirBookingExpired: (grower, title) => `${grower} さんの「${title}」の予約の期限が切れました`,
    theirRequestExpired: (grower, title) => `${grower} さんの「${title}」のリクエストの期限が切れました`,
    notAnsweredInTime: '期限内に返答されませんでした。',
    paid: (grower, title) => `${grower} さんが「${title}」の支払いを済ませました`,
    paidBody: (from, until, hold, late) =>
      `${from} からの予約が確定しました。お支払いは${late ? 'お支払い' : '開始'}から${hold}後の${until}まで保留されます。それまで送金は予定されません。`,
    paidBodyNoHold: (from) => `${from} からの予約が確定しました。`,
  },
  payout: {
    scheduled: (title) => `「${title}」の送金を予定しました`,
    scheduledBody: (amount, grower) =>
      `${grower} さんのレンタル分 ${amount} の送金を予定しています。送金が完了したらお知らせします。`,
    detailsNeeded: (amount) => `${amount} を受け取るには送金先を登録してください`,
    detailsNeededBody: (grower) =>
      `${grower} さんのレンタル分の送金は、送金先の登録を待っています。収益ページで Bitcoin または Lightning のアドレスを登録すると、次回の処理で送金されます。`,
    sent: (amount) => `送金しました：${amount}`,
    sentBody: (title, proof) => `「${title}」の送金が完了しました。証明：${proof}`,
    sentBodyNoProof: (title) => `「${title}」の送金が完了しました。`,
    viewEarnings: '収益を見る',
    addDetails: '送金先を登録する',
  },
  payoutMethod: {
    subject: '送金先が変更されました',
    preheader: 'Yardshare からの送金先が変わりました。',
    body: (destination) => `今後の送金先は ${destination} です。`,
    hold: (hours) => `安全のため、新しい送金先への送金は変更から ${hours} 時間後に始まります。`,
    firstOne: '未払いの送金は今後ここに送られます。',
    notYou: '心当たりがない場合は、ログインしてすぐにパスワードと送金先を変更し、サポートにご連絡ください。',
    action: '送金先を確認する',
    footer: `${PRODUCT_NAME} アカウントのアドレス宛にお送りしています。`,
  },
  receipt: {
    title: (total, title) => `領収書：「${title}」に ${total} をお支払いいただきました`,
    paid: (total, rent, fee) => `お支払い額 ${total}（賃料 ${rent}、サービス料 ${fee}）。`,
    held: (until) => `Yardshare は ${until} まで賃料を預かり、その後ホストに支払います。`,
    heldMonthly: (until) =>
      `Yardshare は賃料を預かり、各月の保留期間の後に月ごとにホストへ支払います。最初の支払いは ${until} です。`,
    reference: (ref) => `お支払い番号：${ref}`,
  },
  // The grow agreement's words (ADR 045): rendered by the server from the frozen parts.
  agreement: {
    title: '栽培合意書',
    version: (version) => `版${version}`,
    licence:
      'これは栽培のためにスペースを使用する許可（ライセンス）であり、賃貸借契約ではありません。そこに住む権利や物件の独占的な占有は与えられません。',
    parties: '当事者',
    partiesLine: (a, b) => `ホスト：${a}。栽培者：${b}。`,
    space: 'スペース',
    streetAddress: (address) => `住所: ${address}`,
    onePlot: (a) => `この共同菜園の${a}区画のうちの1区画。`,
    dates: '日程',
    openEnded: (start) => `${start}から（期間の定めなし）`,
    rent: '賃料',
    totalWithFee: (a) => `サービス料込みの合計：${a}`,
    policy: (name, summary, fee) =>
      `キャンセルポリシー「${name}」：${summary} ${fee}% の手数料は返金されません。ホストがキャンセルした場合は全額返金されます。`,
    flexible: '柔軟',
    moderate: '標準',
    strict: '厳格',
    flexibleSummary:
      '開始の前日までのキャンセルで賃料を全額返金します。それ以降は、最初の月を除き、まだ始まっていない月の分を返金します。',
    moderateSummary: (days) =>
      `開始の ${days} 日以上前のキャンセルで賃料を全額返金します。それ以降は、最初の月を除き、まだ始まっていない月の分を返金します。`,
    strictSummary: (days, halfDays) =>
      `開始の ${days} 日以上前のキャンセルで賃料を全額、${halfDays} 日以上前なら最初の月の半額を除いて返金します。それ以降は、最初の月と予告期間の 1 か月を除き、まだ始まっていない月の分を返金します。`,
    exchange: '交換としての作業',
    hoursPerWeek: (hours) => `週${hours}時間`,
    usualDuties: 'ホストと週ごとに取り決める庭仕事。',
    growing: '栽培・設置してよいもの',
    usualGrowing: '野菜、ハーブ、果物、花。侵略的・違法なものは不可。',
    structuresAllowed: '恒久的な構造物の設置は許可されています。',
    noStructures: 'ホストの書面による同意なしに恒久的な構造物（小屋、固定式の畝、温室）は設置できません。',
    access: '利用時間・水・道具',
    usualAccess: '日中の利用、ホストと調整のうえ。',
    usualWater: '水は敷地内で利用できる範囲で。',
    usualTools: '栽培者は自分の道具を持参します。',
    houseRules: 'ハウスルール',
    usualRules: 'この合意書以外にはありません。',
    endingEarly: '早期終了',
    notice: (gDays, hDays) => `栽培者は${gDays}前、ホストは${hDays}前の予告で滞在を早めに終了できます。`,
    refundRule: 'まだ始まっていない月の賃料は、キャンセルポリシーに従って返金されます。',
    growerRequest: '栽培者のリクエスト',
    acceptedBy: (who, a) => `${who} が ${a} に承諾`,
    notAcceptedBy: (who) => `${who} はまだ承諾していません`,
    months: (x) => `${n(x)}か月`,
    days: (x) => `${n(x)}日`,
  },
  refunded: (amount, title) => `「${title}」の ${amount} が返金されました`,
  refundBody: (amount) => `${amount} の返金を記録しました。決済代行会社を通じて返金の手続き中です。`,
  listingReviewed: (reviewer, title) => `${reviewer} さんが「${title}」のレビューを書きました`,
  reviewWithoutStay:
    '利用未確認：このレビューは Yardshare で予約された利用によるものではありません。掲載ページにもその旨が表示されます。',
  growerReviewed: (host, title) => `${host} さんが「${title}」であなたのレビューを書きました`,
  hoursLogged: (grower, hours, title) => `${grower} さんが「${title}」で${hours}を記録しました`,
  hoursLoggedBody: (day) => `${day} の分です。確認するか、異議を申し立ててください。`,
  hoursConfirmed: (host, hours, title) => `${host} さんが「${title}」でのあなたの${hours}を確認しました`,
  hoursDisputed: (host, hours, title) =>
    `${host} さんが「${title}」でのあなたの${hours}に異議を申し立てました`,
  hoursConfirmedBody: (day) => `${day} の分です。`,
  hoursDisputedBody: (day) => `${day} の分です。メッセージで話し合ってください。`,
  savedSearchMatch: (search) => `保存した検索条件「${search}」に一致する新しい掲載があります`,
  savedSearchBody: (title, city, state) => `${title}（${city}, ${state}）`,
  waitlistOffer: (title) => `${title}で区画が空きました`,
  waitlistOfferBody: (dates, until) =>
    `キャンセル待ちの次の順番です（${dates}）。区画は${until}まで確保されています。承諾すると予約され、辞退すると次の方に回ります。`,
  waitlistOfferAction: 'オファーを見る',
  waitlistDeclined: (grower, title) => `${grower} さんが「${title}」で提案された区画を辞退しました`,
  waitlistDeclinedBody: '区画は順番待ちリストの次の人に回ります。',
  reasonGiven: (reason) => `理由：${reason}`,
  listingHidden: (title) => `あなたの掲載「${title}」は Yardshare によって非表示になりました`,
  listingHiddenBody: (support) =>
    `ルールに違反していたため、誰にも表示されなくなりました。ご質問は ${support} までお寄せください。`,
  warning: 'Yardshare からの警告',
  warningBody: (support) =>
    `利用規約を守ってください。違反を繰り返すアカウントは利用停止になります。ご質問は ${support} までお寄せください。`,
  readTerms: '利用規約を読む',

  messageSent: (name) => `${name} さんからメッセージが届きました`,
  messagesSent: (name) => `${name} さんから {n} 件のメッセージが届きました`,
  messagesHeading: (name, count) =>
    count === 1
      ? `${name} さんからメッセージが届きました`
      : `${name} さんから ${n(count)} 件のメッセージが届きました`,
  messagesSubject: (name, count) =>
    count === 1 ? `${name} さんからの新しいメッセージ` : `${name} さんからの新しいメッセージ ${n(count)} 件`,
  earlierMessages: (count) => `…ほかに以前のメッセージが ${n(count)} 件あります。`,
  replyTo: (name) => `${name} さんに返信`,

  unsubscribeAll: 'Yardshare からの通知メール',
  unsubscribeKind: (label) => `「${label}」のメール`,
  unsubscribeDescribe: (scope) => `このリンクで${scope}を停止します。`,
  unsubscribeDone: (scope) => `今後、${scope}は送信されません。アカウント設定でいつでも再開できます。`,
  kinds: {
    message: '新着メッセージ（10分後も未読の場合）',
    booking_requested: '予約リクエストと即時予約',
    booking_accepted: '予約が承認されました',
    booking_declined: '予約が承認されませんでした',
    booking_cancelled: '予約がキャンセルされました',
    booking_expired: '予約の期限が切れました',
    booking_paid: '予約の支払いが完了しました',
    rent_due: '月々の賃料の支払い',
    payout_released: '送金を予定しました',
    payout_sent: '送金しました',
    payout_details_needed: '送金先の登録が必要です',
    payment_refunded: '返金',
    payment_receipt: '支払いの領収書',
    review_received: '受け取ったレビュー',
    hours_logged: '作業時間を記録しました',
    hours_confirmed: '作業時間を確認しました',
    hours_disputed: '作業時間に異議を申し立てました',
    saved_search_match: '保存した検索条件に一致する新しい掲載',
    waitlist_offer: 'キャンセル待ちからの区画のオファー',
    account_notice: 'アカウントに関するYardshareからのお知らせ',
  },
};
