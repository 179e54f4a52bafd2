package secret

import (
	"slices"
	"testing"
)

// TestPasswordsByContext covers issue 27 item 2's fourth pass: passwords
// given on a command line, in a DSN, a netrc, a .pgpass or an htpasswd
// line, under a short label, and the formats extra.toml gained. Each
// positive is missed on the build before the pass; the negatives are the
// placeholders, variables and look-alikes that must stay silent.
func TestPasswordsByContext(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string
	}{
		{"mysql -p attached", "mysql -h db01 -u backup -p'Kq7#vR2m!xW9' prod < dump.sql", []string{"password_assignment"}},
		{"mysql -p spaced", "mysqldump -u root -p Wq8!zR4kLm2t shop > shop.sql", []string{"password_assignment"}},
		{"redis-cli -a", "redis-cli -h cache -a 'Tn5$kW9q!Rb2' ping", []string{"password_assignment"}},
		{"sshpass", "sshpass -p 'Hv3@pL8x#Qe1' ssh ops@10.0.0.9", []string{"password_assignment"}},
		{"mosquitto -P", "mosquitto_sub -h broker -u meter -P 'Zr6&nD2w!Kp9' -t power", []string{"password_assignment"}},
		{"long flag spaced", "docker login registry.lan -u ci --password 'Jm4%tB8q@Lx2'", []string{"password_assignment"}},
		{"admin password flag", "az vm create -n web1 --admin-username ops --admin-password 'Pf9!cX3v#Nq7'", []string{"password_assignment"}},
		{"short label env", "RABBITMQ_DEFAULT_PASS=Yb7!mQ2x#Lr5", []string{"password_assignment"}},
		{"short label yaml", "ansible_ssh_pass: Gc5#wV8n!Tz3", []string{"password_assignment"}},
		{"pw label", "ldap_bind_pw: Dx2@kR7m!Hs4", []string{"password_assignment"}},
		{"xml key value", `<add key="SmtpPassword" value="Rw3!hN8p#Kv6" />`, []string{"password_assignment"}},
		{"prose with words", "The VPN password for the new laptop is Lq8#tM3v!Wc2, change it soon", []string{"password_assignment"}},
		{"go mysql dsn", `dsn := "shop:Vn4!pK9w2Lx@tcp(mysql:3306)/shop"`, []string{"connection_string_password"}},
		{"pdo", `$db = new PDO('mysql:host=localhost;dbname=crm', 'crm', 'Bt6#qW1m!Zr8');`, []string{"password_assignment"}},
		{"securestring", `$p = ConvertTo-SecureString 'Mk2!vT7x#Qn4' -AsPlainText -Force`, []string{"password_assignment"}},
		{"netrc", "machine api.example.net\n  login deploy\n  password 4f1c9a7e2b8d6035c1e9f7a2", []string{"password_assignment"}},
		{"pgpass", "db.internal:5432:*:replicator:Hq7#xN2v!Lm9", []string{"password_assignment"}},
		{"htpasswd apr1", "admin:$apr1$Qz8kLm2v$Xr7tBn3vKq9wMd5pLs2hYz", []string{"htpasswd_entry"}},
		{"htpasswd bcrypt", "ops:$2y$10$Vq3kLm8nZr2tBx7wQp5sDeYh4jK9mN1bVc6xZ8aLq2wE5rT7yU3iO", []string{"htpasswd_entry"}},
		{"discord bot token", "client.run('MTA5ODc2NTQzMjEwOTg3NjU0.Gh7kLm.q9Z3kL7mN2pR5sT8vW1xY4bC6dE0fG2hJ8kL')", []string{"discord_bot_token"}},
		{"twilio pair", `client = Client("AC3f9e2b7c1d8a4e6f0b5c9d2e7a1f4b8c", "9c4e1f7a2b8d5e0c3f6a9b2e7d1c4f8a")`, []string{"twilio_auth_token"}},
		{"telegram in bot url", "curl https://api.telegram.org/bot7204518832:AAq9Z3kL7mN2pR5sT8vW1xY4bC6dE0fG2hJ/getMe", []string{"telegram_bot_token"}},
		{"asana pat", "ASANA_TOKEN=2/1204817365012847/1209934718263041:7c1e9f4a2b8d6e3f0a5c9b7e2d4f1a8c", []string{"asana-personal-access-token"}},
		{"nuget key", "dotnet nuget push pkg.nupkg --api-key oy2k7q9z3l7m2p5s8v1x4b6d0f2h8j4n6r9t3w5y7c1e3g --source nuget.org", []string{"nuget-api-key"}},
		{"okta ssws", "Authorization: SSWS 00q9Z3kL7mN2pR5sT8vW1xY4bC6dE0fG2hJ8kLmN2p", []string{"okta-ssws-token"}},
		{"sentry-cli", "sentry-cli --auth-token 3f9e2b7c1d8a4e6f0b5c9d2e7a1f4b8c3f9e2b7c1d8a4e6f0b5c9d2e7a1f4b8c releases list", []string{"sentry-cli-auth-token"}},
		{"azure account key", "az storage blob list --account-name logs --account-key 'q9Z3kL7mN2pR5sT8vW1xY4bC6dE0fG2hJq9Z3kL7mN2pR5sT8vW1xY4bC6dE0fG2hJ8kLmN2pR5sT8vW1xY4bC=='", []string{"azure-storage-account-key"}},
		{"vercel token", "vercel deploy --prod --token q9Z3kL7mN2pR5sT8vW1xY4bC", []string{"vercel-cli-token"}},
		{"htpasswd batch", "htpasswd -bc /etc/nginx/.htpasswd ops 'Kq7#vR2m!xW9'", []string{"password_assignment"}},
		{"prefixed short label, two classes", `export DB_PASS="hunter2hunter2"`, []string{"password_assignment"}},
		{"xml element", "<password>Xy9!kLm2Qp</password>", []string{"password_assignment"}},
		{"password to", "set the password to Qw3rty!23 for the demo user", []string{"password_assignment"}},
		// Look-alikes.
		{"password to a word", "Change the password to something stronger.", nil},
		{"bare short label, two classes", "PASS: hunter2hunter2", nil},
		{"pass as a verb", "// Compute external relocations, and pass to Machoreloc1", nil},
		{"test result", "PASS: addr2line -f option\n--- PASS: TestAttr/sub (0.00s)", nil},
		{"psk example", "openssl s_client -psk 1a2b3c4d -tls1_2", nil},
		{"struct field", "Secret: Bug4Secret{1},", nil},
		{"passport", "passport: X1234567Ab", nil},
		{"bypass", "bypass=Kq7#vR2m!xW9", nil},
		{"mysql -p prompt", "mysql -u root -p", nil},
		{"mysql -p variable", `mysql -u root -p"$MYSQL_PWD" app`, nil},
		{"redis variable", `redis-cli -a "$REDIS_PASSWORD" ping`, nil},
		{"flag variable", "docker login -u ci --password $CI_TOKEN", nil},
		{"psql port", "psql -h db -p 5432 -U app", nil},
		{"ssh port", "ssh -p 2222 ops@host", nil},
		{"dsn placeholder", `dsn := "user:password@tcp(localhost:3306)/db"`, nil},
		{"netrc placeholder", "machine example.com login me password <password>", nil},
		{"bcrypt without user", "hash stored: $2y$10$Vq3kLm8nZr2tBx7wQp5sDeYh4jK9mN1bVc6xZ8aLq2wE5rT7yU3iO", nil},
		{"htpasswd command", "htpasswd -c /etc/nginx/.htpasswd admin", nil},
		{"sid alone", "account AC3f9e2b7c1d8a4e6f0b5c9d2e7a1f4b8c", nil},
		{"vercel env reference", "vercel deploy --token ${{ secrets.VERCEL_TOKEN }}", nil},
		{"asana docs", "Asana tokens start with 1/ or 2/ and a number.", nil},
		{"dotted words", "See Example.Foo.Bar and MTA.the.rest for details.", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := rules(c.text); !slices.Equal(got, c.want) {
				t.Errorf("Find(%q) = %v, want %v", c.text, got, c.want)
			}
			if c.want != nil && !Holds(c.text) {
				t.Errorf("Holds(%q) = false: the refusal must use the same detector", c.text)
			}
		})
	}
}
