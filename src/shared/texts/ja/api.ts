// The API's messages in Japanese (see ../index.ts), keyed by the exact English text.
import type { TextTable } from '../types.ts';

const texts: TextTable = {
  'The database is not answering.': 'データベースが応答していません。',
  'Metrics need a bearer token.': 'メトリクスには Bearer トークンが必要です。',
  'Metrics are not open to you.': 'このメトリクスにはアクセスできません。',
  'Not found: {method} {url}': '見つかりません: {method} {url}',
  'You need to sign in first': 'まずログインしてください',
  'You have bookings or payments in progress. Finish or cancel them before deleting your account.':
    '進行中の予約または支払いがあります。アカウントを削除する前に、完了するかキャンセルしてください。',
  'Message sent': 'メッセージを送信しました',
  'Another account started using this e-mail address meanwhile, so it cannot become yours. Choose another address.':
    'その間に別のアカウントがこのメールアドレスを使い始めたため、このアドレスは使えません。別のアドレスを選んでください。',
  'Your e-mail address is already confirmed.': 'メールアドレスはすでに確認済みです。',
  'Too many confirmation e-mails were sent. Please try again later.':
    '確認メールの送信回数が多すぎます。しばらくしてからもう一度お試しください。',
  'Too many requests. Please try again later.':
    'リクエストが多すぎます。しばらくしてからもう一度お試しください。',
  'Too many failed attempts. Please try again later.':
    '失敗した試行が多すぎます。しばらくしてからもう一度お試しください。',
  'This is already the e-mail address of your account.':
    'これはすでにあなたのアカウントのメールアドレスです。',
  'Email is already registered': 'このメールアドレスはすでに登録されています',
  'Choose an image you uploaded to Yardshare for your picture.':
    'プロフィール写真には、Yardshare にアップロードした画像を選んでください。',
  'The image could not be read': '画像を読み込めませんでした',
  'Too many messages. Please try again later.':
    'メッセージが多すぎます。しばらくしてからもう一度お試しください。',
  'This link has expired. Ask for a new one.':
    'このリンクは有効期限が切れています。新しいリンクをリクエストしてください。',
  'This link is not valid any more. Ask for a new one.':
    'このリンクはもう有効ではありません。新しいリンクをリクエストしてください。',
  'Report not found': '通報が見つかりません',
  'This report is already closed': 'この通報はすでにクローズされています',
  'Listing not found': '掲載が見つかりません',
  'This listing is already hidden': 'この掲載はすでに非表示になっています',
  'This listing is not public: its host removed it': 'この掲載は公開されていません: ホストが削除しました',
  'This listing was not hidden by an admin': 'この掲載は管理者によって非表示にされたものではありません',
  'Its host is suspended: reinstate the host first':
    'ホストが利用停止中です: 先にホストの利用停止を解除してください',
  'Message not found': 'メッセージが見つかりません',
  'This message is already removed': 'このメッセージはすでに削除されています',
  'User not found': 'ユーザーが見つかりません',
  'You cannot suspend yourself': '自分自身を利用停止にすることはできません',
  'This user is already suspended': 'このユーザーはすでに利用停止中です',
  'This user is not suspended': 'このユーザーは利用停止中ではありません',
  'Not signed in': 'ログインしていません',
  'Too many accounts created from this address. Please try again later.':
    'このアドレスから作成されたアカウントが多すぎます。しばらくしてからもう一度お試しください。',
  'Username already exists': 'このユーザー名はすでに使われています',
  'Too many failed login attempts. Please try again later.':
    'ログインの失敗が多すぎます。しばらくしてからもう一度お試しください。',
  'Invalid username or password': 'ユーザー名またはパスワードが正しくありません',
  'You cannot interact with this user.': 'このユーザーとはやり取りできません。',
  'You cannot block yourself': '自分自身をブロックすることはできません',
  'You cannot book your own listing': '自分の掲載を予約することはできません',
  'Account not found': 'アカウントが見つかりません',
  'Start date cannot be in the past': '開始日を過去の日付にすることはできません',
  'Choose how many months (1 to 12)': '月数を選んでください（1〜12）',
  'This listing has no price yet': 'この掲載にはまだ料金が設定されていません',
  'Those dates are outside the season of this listing': 'その日程はこの掲載のシーズン外です',
  'You already have an open booking for this listing': 'この掲載にはすでに進行中の予約があります',
  'This booking is {status}: it cannot be {value} now':
    'この予約は「{status}」の状態です: 現在この操作はできません',
  'Only the {value} can do that': 'この操作は予約の相手側のみが行えます',
  'This booking changed meanwhile; please reload':
    'この予約はその間に変更されました。ページを再読み込みしてください',
  'Only the grower pays for a booking': '予約の支払いは栽培者のみが行います',
  'Only a rental of two months or more can be paid month by month':
    '月ごとの支払いは2か月以上のレンタルのみ選べます',
  'No month of this booking is due now': 'この予約には現在支払う月がありません',
  'Payment plan must be whole or monthly': '支払い方法は whole か monthly にしてください',
  'Only rentals are paid': '支払いが必要なのはレンタルのみです',
  'This booking is {status}: it cannot be paid now':
    'この予約は「{status}」の状態です: 現在は支払いできません',
  'Payments are not available right now': '現在、支払いはご利用いただけません',
  'Booking not found': '予約が見つかりません',
  'No plot is free for those dates. Please choose other dates.':
    'その日程に空いている区画がありません。別の日程を選んでください。',
  'Only work exchanges have an hours ledger': '作業時間の記録があるのはワークエクスチェンジのみです',
  'Only the grower logs hours': '作業時間を記録できるのは栽培者のみです',
  'This exchange is {status}: hours cannot be logged':
    'このワークエクスチェンジは「{status}」の状態です: 作業時間を記録できません',
  'The date must fall within the exchange': '日付はワークエクスチェンジの期間内である必要があります',
  'Hours cannot be logged ahead of time': '作業時間を前もって記録することはできません',
  'Only the host confirms or disputes hours': '作業時間の確認または異議申し立てができるのはホストのみです',
  'Entry not found': '記録が見つかりません',
  'This entry is already {status}': 'この記録はすでに「{status}」の状態です',
  'Invalid cursor': 'カーソルが無効です',
  'We could not find the place "{near}". Try "City, State".':
    '場所「{near}」が見つかりませんでした。「市, 州」の形式でお試しください。',
  'Sorting by distance needs a place in "near"': '距離で並べ替えるには「near」に場所を指定してください',
  'Images must be photos you uploaded to Yardshare':
    '画像は Yardshare にアップロードした写真である必要があります',
  'The same image is listed twice': '同じ画像が2回含まれています',
  'Please verify your e-mail address before publishing a listing.':
    '掲載を公開する前にメールアドレスを確認してください。',
  'You can only change your own listings': '変更できるのは自分の掲載のみです',
  'Invalid listing': '無効な掲載です',
  'Live updates are unavailable right now': '現在、ライブ更新はご利用いただけません',
  'There is no conversation with yourself': '自分自身との会話はありません',
  'You cannot message yourself': '自分自身にメッセージを送ることはできません',
  'Recipient not found': '受信者が見つかりません',
  'This booking is not between you two': 'この予約はお二人の間のものではありません',
  'This listing is not yours or theirs': 'この掲載はあなたのものでも相手のものでもありません',
  'This unsubscribe link is not valid': 'この配信停止リンクは無効です',
  'Expected List-Unsubscribe=One-Click': 'List-Unsubscribe=One-Click が必要です',
  'The cursor is not valid': 'カーソルが無効です',
  'This host has not confirmed their e-mail address yet, so this listing cannot take payments. Please try again later or message the host.':
    'このホストはまだメールアドレスを確認していないため、この掲載では支払いを受け付けられません。しばらくしてからもう一度お試しいただくか、ホストにメッセージを送ってください。',
  'Failed to create payment: the payment provider is not available. Please try again later.':
    '支払いを作成できませんでした: 決済サービスを利用できません。しばらくしてからもう一度お試しください。',
  'A payment for this listing is already in progress. Please try again.':
    'この掲載の支払いはすでに処理中です。もう一度お試しください。',
  'A refund of this payment is being sent. Please try again in a minute.':
    'この支払いの返金を送信中です。1分ほどしてからもう一度お試しください。',
  'No webhook for provider {provider}': '決済サービス {provider} の Webhook はありません',
  'You cannot pay for your own listing': '自分の掲載に支払うことはできません',
  'Only rental listings can be paid for': '支払いができるのはレンタルの掲載のみです',
  'This listing has no price': 'この掲載には料金が設定されていません',
  'The price of this listing is {value} a month. Please reload the page and try again.':
    'この掲載の料金は月額 {value} です。ページを再読み込みして、もう一度お試しください。',
  'The rental start date cannot be in the past': 'レンタル開始日を過去の日付にすることはできません',
  'The rental start date must be within {RENTAL_START_MAX_DAYS} days':
    'レンタル開始日は {RENTAL_START_MAX_DAYS} 日以内にしてください',
  'Payment not found': '支払いが見つかりません',
  'Only the host can refund this payment': 'この支払いを返金できるのはホストのみです',
  'This payment is already refunded': 'この支払いはすでに返金されています',
  'Only a completed payment can be refunded': '返金できるのは完了した支払いのみです',
  'Nothing is left to refund': '返金できる金額が残っていません',
  'The payment provider could not be reached to confirm the charge. Please retry.':
    '請求を確認するために決済サービスに接続できませんでした。もう一度お試しください。',
  'You cannot report yourself': '自分自身を通報することはできません',
  'You cannot report your own listing': '自分の掲載を通報することはできません',
  'You cannot report your own message': '自分のメッセージを通報することはできません',
  'You have sent many reports in a short time. Please try again later.':
    '短時間に多くの通報が送信されました。しばらくしてからもう一度お試しください。',
  'You already reported this, and your report is still open. Our team will look at it.':
    'これはすでに通報済みで、その通報はまだ対応中です。チームが確認します。',
  'Only the host can review the grower': '栽培者のレビューを書けるのはホストのみです',
  'Only the grower can review the listing': '掲載のレビューを書けるのは栽培者のみです',
  'This booking is {status}: it can be reviewed once completed':
    'この予約は「{status}」の状態です: 完了後にレビューできます',
  'The time to review this booking has passed': 'この予約のレビュー期限は過ぎています',
  'Both reviews are shown now: yours can no longer be changed':
    '両方のレビューが公開されました: あなたのレビューはもう変更できません',
  'You cannot review your own listing': '自分の掲載をレビューすることはできません',
  'You can save up to {SAVED_SEARCHES_MAX} searches. Delete one to save another.':
    '保存できる検索条件は {SAVED_SEARCHES_MAX} 件までです。別の検索条件を保存するには、いずれかを削除してください。',
  'Saved search not found': '保存した検索条件が見つかりません',
  'No such sitemap': 'そのサイトマップはありません',
  'Send the images as multipart/form-data in the field "images"':
    '画像は multipart/form-data の「images」フィールドで送信してください',
  'Images must be sent in the field "images"': '画像は「images」フィールドで送信する必要があります',
  'Each photo of a listing must be at least {PHOTO_MIN_SIDE} px on its shorter side':
    '掲載写真は短い辺が{PHOTO_MIN_SIDE}px以上必要です',
  'for must be listing': 'for は listing である必要があります',
  'q must be at most 202 characters': 'q は202文字以内にしてください',
  'Each image must be 5 MB or smaller': '画像は1枚あたり 5 MB 以下にしてください',
  'At most {IMAGES_PER_UPLOAD} images at a time':
    '一度にアップロードできる画像は {IMAGES_PER_UPLOAD} 枚までです',
  'Too many form fields': 'フォームのフィールドが多すぎます',
  'The upload could not be read: send a complete multipart/form-data body with its boundary':
    'アップロードを読み込めませんでした: boundary を含む完全な multipart/form-data 本文を送信してください',
  'No images were sent': '画像が送信されていません',
  'No such upload': 'そのアップロードはありません',
  'Only JPEG, PNG, WebP, GIF or AVIF images are accepted':
    'JPEG、PNG、WebP、GIF、AVIF 形式の画像のみ受け付けています',
  'Images may have at most {value} megapixels (this one is {width} x {height})':
    '画像は {value} メガピクセル以下にしてください（この画像は {width} x {height} です）',
  'You can upload {left} more image{value} today (at most {maxPerDay} a day)':
    '今日あと {left} 枚の画像をアップロードできます（1日 {maxPerDay} 枚まで）',
  'You have reached the limit of {maxPerDay} images a day; try again later':
    '1日 {maxPerDay} 枚の画像の上限に達しました。しばらくしてからもう一度お試しください',
  'You have reached the limit of {value} of images a day; try again later':
    '1日 {value} の画像の上限に達しました。しばらくしてからもう一度お試しください',
  'Invalid request': '無効なリクエストです',
  'The request contains a value that cannot be stored or searched':
    'リクエストに保存または検索できない値が含まれています',
  'The database is not answering. Please try again in a moment.':
    'データベースが応答していません。少し待ってからもう一度お試しください。',
  'This is taking too long right now. Please try again in a moment.':
    '現在、処理に時間がかかりすぎています。しばらくしてからもう一度お試しください。',
  'Internal server error': 'サーバー内部エラー',
  'Malformed JSON in request body': 'リクエスト本文の JSON の形式が正しくありません',
  'Request body is empty': 'リクエスト本文が空です',
  'Request body is too large': 'リクエスト本文が大きすぎます',
  'Unsupported content type': 'サポートされていないコンテンツタイプです',
  'Invalid content length': 'コンテンツの長さが無効です',
  'Bad request': '不正なリクエストです',
  'Cross-site request refused': 'クロスサイトリクエストは拒否されました',
  'The link is not valid': 'このリンクは無効です',
  'The link is incomplete': 'このリンクは不完全です',
  'Current password is required': '現在のパスワードを入力してください',
  'Password is required': 'パスワードを入力してください',
  'Name must be at least 2 characters.': '名前は2文字以上で入力してください。',
  'Please enter a valid email address.': '有効なメールアドレスを入力してください。',
  'Subject must be at least 5 characters.': '件名は5文字以上で入力してください。',
  'Message must be at least 10 characters.': 'メッセージは10文字以上で入力してください。',
  'Username may contain only letters, numbers, dots, dashes and underscores':
    'ユーザー名に使えるのは英数字、ドット、ハイフン、アンダースコアのみです',
  'Username must be at most {USERNAME_MAX} characters':
    'ユーザー名は {USERNAME_MAX} 文字以内で入力してください',
  'Username is required': 'ユーザー名を入力してください',
  'Password must be at most {PASSWORD_MAX} characters':
    'パスワードは {PASSWORD_MAX} 文字以内で入力してください',
  'Password must be at least {PASSWORD_MIN} characters':
    'パスワードは {PASSWORD_MIN} 文字以上で入力してください',
  'Email is too long': 'メールアドレスが長すぎます',
  'Please enter a valid email address': '有効なメールアドレスを入力してください',
  'Full name must be at most {NAME_MAX} characters': '氏名は {NAME_MAX} 文字以内で入力してください',
  'Full name is required': '氏名を入力してください',
  'Passwords do not match': 'パスワードが一致しません',
  'Bio must be at most {BIO_MAX} characters': '自己紹介は {BIO_MAX} 文字以内で入力してください',
  'Months must be between 1 and {BOOKING_MONTHS_MAX}':
    '月数は1〜{BOOKING_MONTHS_MAX}の範囲で指定してください',
  'Months must be a whole number': '月数は整数で指定してください',
  'Months must be a number': '月数は数値で指定してください',
  'Note must be at most {BOOKING_NOTE_MAX} characters':
    'メモは {BOOKING_NOTE_MAX} 文字以内で入力してください',
  'Action must be accept, decline, cancel or withdraw':
    '操作は accept、decline、cancel、withdraw のいずれかにしてください',
  'Hours must be in quarter hours (e.g. 2.5)': '時間は15分単位で入力してください（例: 2.5）',
  'Hours must be at most {HOURS_PER_ENTRY_MAX}': '時間は {HOURS_PER_ENTRY_MAX} 時間以内にしてください',
  'Hours must be more than 0': '時間は0より大きくしてください',
  'Hours must be a number': '時間は数値で入力してください',
  'What was done must be at most 500 characters': '作業内容は500文字以内で入力してください',
  'Say what was done': '作業内容を入力してください',
  'Decision must be confirm or dispute': '判断は confirm または dispute にしてください',
  '{label} contains characters that are not allowed': '{label}に使用できない文字が含まれています',
  '{label} must be a real date': '{label}は実在する日付にしてください',
  '{label} must be a date (YYYY-MM-DD)': '{label}は日付（YYYY-MM-DD）で入力してください',
  '{label} is out of range': '{label}が範囲外です',
  '{label} must be a positive number': '{label}は正の数にしてください',
  '{label} must be a whole number': '{label}は整数にしてください',
  '{label} must be a number': '{label}は数値にしてください',
  'Type must be rental, exchange or community': '種類は rental、exchange、community のいずれかにしてください',
  '{label} must be at most {max} characters': '{label}は {max} 文字以内で入力してください',
  '{label} is required': '{label}を入力してください',
  'At most {AMENITIES_MAX} amenities': '設備は {AMENITIES_MAX} 件までです',
  'Too many amenities': '設備が多すぎます',
  'Amenities must be a list': '設備はリストで指定してください',
  'Each amenity must be at most {AMENITY_MAX} characters':
    '設備はそれぞれ {AMENITY_MAX} 文字以内で入力してください',
  '{label} must be between 1 and 12': '{label}は1〜12の範囲で指定してください',
  '{label} must be a month number': '{label}は月の番号にしてください',
  'Price is too high': '料金が高すぎます',
  'Price cannot be negative': '料金をマイナスにすることはできません',
  'Price must be a whole number of dollars': '料金はドル単位の整数にしてください',
  'Work hours must be between {WORK_HOURS_MIN} and {WORK_HOURS_MAX}':
    '作業時間は {WORK_HOURS_MIN}〜{WORK_HOURS_MAX} の範囲で指定してください',
  'Work hours must be a whole number': '作業時間は整数にしてください',
  'Size must be at most {SIZE_MAX} characters': '広さは {SIZE_MAX} 文字以内で入力してください',
  'At most {IMAGES_PER_UPLOAD} images': '画像は {IMAGES_PER_UPLOAD} 枚までです',
  'Images must be a list of uploaded paths': '画像はアップロード済みのパスのリストで指定してください',
  'Plots must be between 1 and {PLOTS_MAX}': '区画数は1〜{PLOTS_MAX}の範囲で指定してください',
  'Plots must be a whole number': '区画数は整数にしてください',
  'Booking mode must be instant or request': '予約方法は instant または request にしてください',
  'Cancellation policy must be flexible, moderate or strict':
    'キャンセルポリシーは flexible、moderate、strict のいずれかにしてください',
  'A season needs both a first and a last month': 'シーズンには開始月と終了月の両方が必要です',
  'Price is required for rentals': 'レンタルには料金が必要です',
  'Work hours are required for work exchanges': 'ワークエクスチェンジには作業時間が必要です',
  'Sort must be newest, price_asc, price_desc or distance':
    '並べ替えは newest、price_asc、price_desc、distance のいずれかにしてください',
  'Search text must be at most {max} characters': '検索テキストは {max} 文字以内で入力してください',
  '{name} must be at most {max}': '{name}は {max} 以下にしてください',
  '{name} must be a whole number of {unit}': '{name}は整数にしてください',
  'amenities is too long': 'amenities が長すぎます',
  'amenities must be a comma-separated list': 'amenities はカンマ区切りのリストにしてください',
  'maxPrice must not be less than minPrice': 'maxPrice は minPrice 以上にしてください',
  'radiusKm must be at most 5000': 'radiusKm は5000以下にしてください',
  'radiusKm must be positive': 'radiusKm は正の数にしてください',
  'radiusKm must be a number': 'radiusKm は数値にしてください',
  'limit must be at most {LISTINGS_PAGE_MAX}': 'limit は {LISTINGS_PAGE_MAX} 以下にしてください',
  'limit must be at least 1': 'limit は1以上にしてください',
  'limit must be a whole number': 'limit は整数にしてください',
  'limit must be a number': 'limit は数値にしてください',
  'Message must be at most {MESSAGE_MAX} characters': 'メッセージは {MESSAGE_MAX} 文字以内で入力してください',
  'Message cannot be empty': 'メッセージを空にすることはできません',
  'Message content is required': 'メッセージの内容を入力してください',
  'Subject type must be listing, user or message':
    '対象の種類は listing、user、message のいずれかにしてください',
  'Choose a reason: scam, unsafe, harassment, spam or other':
    '理由を選んでください: scam、unsafe、harassment、spam、other',
  'Details must be at most {REPORT_TEXT_MAX} characters':
    '詳細は {REPORT_TEXT_MAX} 文字以内で入力してください',
  'Reason must be at most {ADMIN_REASON_MAX} characters':
    '理由は {ADMIN_REASON_MAX} 文字以内で入力してください',
  'A reason is required': '理由を入力してください',
  'Message must be at most {ADMIN_REASON_MAX} characters':
    'メッセージは {ADMIN_REASON_MAX} 文字以内で入力してください',
  'amount is too large': 'amount が大きすぎます',
  'amount must be positive': 'amount は正の数にしてください',
  'amount must be a whole number of cents': 'amount はセント単位の整数にしてください',
  'amount must be a number of cents': 'amount はセント単位の数値にしてください',
  'page is too large': 'page が大きすぎます',
  'page must be at least 1': 'page は1以上にしてください',
  'page must be a whole number': 'page は整数にしてください',
  'page must be a number': 'page は数値にしてください',
  'status must be open, closed or all': 'status は open、closed、all のいずれかにしてください',
  'Search text must be at most 200 characters': '検索テキストは200文字以内で入力してください',
  'filter must be all or flagged': 'filter は all または flagged にしてください',
  'Unknown subject type': '不明な対象の種類です',
  'subjectId is out of range': 'subjectId が範囲外です',
  'subjectId must be positive': 'subjectId は正の数にしてください',
  'subjectId must be a whole number': 'subjectId は整数にしてください',
  'subjectId must be a number': 'subjectId は数値にしてください',
  'listingId is out of range': 'listingId が範囲外です',
  'listingId must be positive': 'listingId は正の数にしてください',
  'listingId must be a whole number': 'listingId は整数にしてください',
  'listingId must be a number': 'listingId は数値にしてください',
  'Rating must be between {RATING_MIN} and {RATING_MAX}':
    '評価は {RATING_MIN}〜{RATING_MAX} の範囲で指定してください',
  'Rating must be a whole number': '評価は整数にしてください',
  'Rating must be a number': '評価は数値にしてください',
  'Comment must be at most {REVIEW_COMMENT_MAX} characters':
    'コメントは {REVIEW_COMMENT_MAX} 文字以内で入力してください',
  'Name must be at most {SAVED_SEARCH_NAME_MAX} characters':
    '名前は {SAVED_SEARCH_NAME_MAX} 文字以内で入力してください',
  'The search is too long': '検索条件が長すぎます',
  'User id': 'ユーザー ID',
  'Booking id': '予約 ID',
  'Entry id': '記録 ID',
  'Listing id': '掲載 ID',
  // Waiting lists (ADR 049).
  'A plot is free for those dates: book it instead.':
    'その日程には空き区画があります。直接予約してください。',
  'A work exchange has no waiting list: send the host a request':
    '作業交換にはキャンセル待ちがありません。ホストにリクエストを送ってください',
  'Offer id': 'オファーID',
  'Offer not found': 'オファーが見つかりません',
  'Only the host can see and change the waiting list': 'キャンセル待ちを見て変更できるのはホストだけです',
  'Please give a reason': '理由を入力してください',
  'Position is out of range': '順番が範囲外です',
  'Position must be 1 or more': '順番は1以上にしてください',
  'Position must be a number': '順番は数値にしてください',
  'Position must be a whole number': '順番は整数にしてください',
  'The host closed this waiting list': 'ホストがこのキャンセル待ちを締め切りました',
  'This offer has expired': 'このオファーは期限切れです',
  'This offer is no longer open': 'このオファーはもう受け付けていません',
  'This person is not waiting on this list': 'この方はこのキャンセル待ちにいません',
  'You already hold a plot here for those dates.': 'その日程には、すでにここの区画を確保しています。',
  'You are already on this waiting list': 'すでにこのキャンセル待ちに登録しています',
  'You are not on this waiting list': 'このキャンセル待ちに登録していません',
  'You cannot join the waiting list of your own listing': '自分の掲載のキャンセル待ちには登録できません',
  'You left the waiting list': 'キャンセル待ちを取り消しました',
  'must be 1 hour or more': '1時間以上にしてください',
  'must be 336 hours (14 days) or less': '336時間（14日）以下にしてください',
  'must be a number of hours': '時間数を指定してください',
  'Payment id': '支払い ID',
  'Saved search id': '保存した検索条件の ID',
  Token: 'トークン',
  'Current password': '現在のパスワード',
  Password: 'パスワード',
  'Image path': '画像のパス',
  Name: '名前',
  Email: 'メールアドレス',
  Subject: '件名',
  Message: 'メッセージ',
  Username: 'ユーザー名',
  'Full name': '氏名',
  Bio: '自己紹介',
  'Start date': '開始日',
  Note: 'メモ',
  Date: '日付',
  'What was done': '作業内容',
  Amenity: '設備',
  Size: '広さ',
  Image: '画像',
  'Search text': '検索テキスト',
  Details: '詳細',
  Reason: '理由',
  Cursor: 'カーソル',
  'Notification id': '通知 ID',
  'Rental start': 'レンタル開始日',
  Comment: 'コメント',
  Query: '検索条件',
  'Language must be en, es, fr, de or ja': '言語は en、es、fr、de、ja のいずれかにしてください',
  'Password must not be the same as your username or email':
    'パスワードをユーザー名やメールアドレスと同じにすることはできません',
  'This password is one of the most common ones. Please choose another.':
    'このパスワードは非常によく使われているものです。別のパスワードを選んでください。',
  'This account is suspended. Contact {supportEmail} if you think this is a mistake.':
    'このアカウントは利用停止中です。誤りだと思われる場合は {supportEmail} までご連絡ください。',
  'Not found': '見つかりません',
  // Payouts (ADR 032)
  'This is a {other} address; payouts are sent on {network}':
    'これは {other} のアドレスです。送金は {network} で行われます',
  'This is not a valid Bitcoin address': '有効な Bitcoin アドレスではありません',
  'This is not a valid LNURL': '有効な LNURL ではありません',
  'Enter a Lightning address (name@domain) or an LNURL':
    'Lightning アドレス（name@domain）または LNURL を入力してください',
  'You have not added a payout method yet': '送金先がまだ登録されていません',
  'Your password is not correct': 'パスワードが正しくありません',
  'The reason is too long': '理由が長すぎます',
  'Reference is too long': '参照番号が長すぎます',
  'Reference is required': '参照番号を入力してください',
  'Give the reference of the payment you made': '行った支払いの参照番号を入力してください',
  'Payout not found': '送金が見つかりません',
  // The console's background jobs (issue 62).
  'A run of this job is already waiting. Retry once it has run.':
    'このジョブの実行はすでに待機中です。実行が終わってから再試行してください。',
  'Job not found': 'ジョブが見つかりません',
  'This job is no longer failed or dead: it was retried already.':
    'このジョブはもう失敗・停止状態ではありません。すでに再試行されています。',
  'This is not a job kind': 'ジョブの種類ではありません',
  'The job kind is too long': 'ジョブの種類が長すぎます',
  'A job kind is required': 'ジョブの種類を指定してください',
  'The job id must be a UUID': 'ジョブ ID は UUID で指定してください',
  'This payout cannot be changed that way in its current state':
    'この送金は現在の状態ではそのように変更できません',
  'The payment provider could not be reached to confirm the payout. Please retry.':
    '送金を確認するための決済サービスに接続できませんでした。もう一度お試しください。',
  'type must be bitcoin, lightning or usdc': 'type は bitcoin、lightning、usdc のいずれかにしてください',
  'Enter a USDC address on Base: 0x and 40 letters and digits':
    'Base 上の USDC アドレス（0x と 40 文字の英数字）を入力してください',
  'This address has a typo: its checksum does not match':
    'このアドレスには入力ミスがあります：チェックサムが一致しません',
  'This is not an address anyone can receive at': 'このアドレスでは誰も受け取ることができません',
  'This marketplace pays hosts by {value}, not {type}':
    'このマーケットプレイスはホストへの支払いを {type} ではなく {value} で行います',
  'Destination is too long': '送金先が長すぎます',
  'Destination is required': '送金先を入力してください',
  'Password is too long': 'パスワードが長すぎます',
  'from must be a date (YYYY-MM-DD)': 'from は日付（YYYY-MM-DD）にしてください',
  'to must be a date (YYYY-MM-DD)': 'to は日付（YYYY-MM-DD）にしてください',
  Reference: '参照番号',
  'Payout id': '送金 ID',
  Destination: '送金先',
  'This booking is {status}: its agreement cannot change': 'この予約は{status}です：合意書は変更できません',
  'The change must differ from the version in force': '変更は有効な版と異なる必要があります',
  'You already accepted this version': 'この版はすでに承諾済みです',
  'This stay is already ending early': 'この滞在はすでに早期終了の予定です',
  'The end date must fall within the stay': '終了日は滞在期間内にしてください',
  "The agreement asks for {days} days' notice: the earliest end is {earliest}":
    '合意書では{days}日前の予告が必要です：最短の終了日は{earliest}です',
  'This booking is {status}: only a running stay can end early':
    'この予約は{status}です：早期終了できるのは進行中の滞在のみです',
  '{label} must be between 0 and {NOTICE_DAYS_MAX} days': '{label}は0〜{NOTICE_DAYS_MAX}日にしてください',
  '{label} must be a whole number of days': '{label}は日数（整数）で入力してください',
  'Permanent structures must be yes or no': '恒久的な構造物は「はい」か「いいえ」で指定してください',
  'Version must be a positive number': '版は正の数にしてください',
  'Version must be a whole number': '版は整数にしてください',
  'Version must be a number': '版は数値にしてください',
  'Say why the stay ends early': '早期終了の理由を入力してください',
  'The stay has ended': '滞在は終了しました',
  'End date': '終了日',
  'House rules': 'ハウスルール',
  Duties: '作業内容',
  'What may be grown': '栽培してよいもの',
  'Access hours': '利用可能時間',
  Water: '水',
  Tools: '道具',
  'Grower notice': '栽培者の予告期間',
  'Host notice': 'ホストの予告期間',
  // Calendars that sync (ADR 048).
  'Calendar not found': 'カレンダーが見つかりません',
  'A listing cannot import a Yardshare feed of its own.':
    '掲載は自分自身の Yardshare カレンダーをインポートできません。',
  'A listing can import at most {CALENDAR_IMPORTS_MAX} calendars.':
    '1つの掲載でインポートできるカレンダーは最大 {CALENDAR_IMPORTS_MAX} 件です。',
  'This calendar is already imported.': 'このカレンダーはすでにインポートされています。',
  'Imported calendar not found': 'インポートしたカレンダーが見つかりません',
  'Enter the address of a calendar feed': 'カレンダーフィードのアドレスを入力してください',
  'Feed address must be at most {CALENDAR_URL_MAX} characters':
    'フィードのアドレスは {CALENDAR_URL_MAX} 文字以内にしてください',
  'Feed address is required': 'フィードのアドレスは必須です',
  'Import id': 'インポート ID',
  'Feed address': 'フィードのアドレス',
  'This is not a feed address.': 'これはフィードのアドレスではありません。',
  'The feed address must start with https://.': 'フィードのアドレスは https:// で始まる必要があります。',
  'The feed address points to a private network.':
    'フィードのアドレスはプライベートネットワークを指しています。',
  'The feed could not be reached.': 'フィードにアクセスできませんでした。',
  'The feed took too long to answer.': 'フィードの応答に時間がかかりすぎました。',
  'The feed is too large.': 'フィードが大きすぎます。',
  'The feed has too many events or repeats to read.': 'フィードの予定や繰り返しが多すぎて読み込めません。',
  'The feed address answered with an error.': 'フィードのアドレスがエラーを返しました。',
  'The feed is not an iCalendar file.': 'フィードは iCalendar ファイルではありません。',
};

export default texts;
